/**
 * The setting definitions catalogue of the Browser Posture Manager (docs/browser-posture.md §2):
 * real enterprise policies of Chrome, Edge and Firefox on Windows and macOS, shipped as data
 * (nothing is fetched at run time). Each row: the policy's name as the browser reads it, its type
 * and allowed values, what it does, the browser version that introduced it, and whether it bears
 * on security. The facts are restated from the browsers' published policy lists (where from and
 * under what terms: docs/browser-posture.md §2).
 *
 * Firefox's nested policies are named with a dot (`DNSOverHTTPS.Enabled`): the part before the dot
 * is the registry subkey (and the JSON object), the part after it the value.
 */

export const POSTURE_BROWSERS = ['chrome', 'edge', 'firefox'] as const;
export type PostureBrowser = (typeof POSTURE_BROWSERS)[number];
export const POSTURE_PLATFORMS = ['windows', 'macos'] as const;
export type PosturePlatform = (typeof POSTURE_PLATFORMS)[number];
export const SETTING_TYPES = ['boolean', 'integer', 'string', 'enum', 'list'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export const BROWSER_LABELS: Record<PostureBrowser, string> = {
  chrome: 'Google Chrome',
  edge: 'Microsoft Edge',
  firefox: 'Mozilla Firefox',
};
export const PLATFORM_LABELS: Record<PosturePlatform, string> = { windows: 'Windows', macos: 'macOS' };

/** Where each browser reads its machine policies on Windows (under HKEY_LOCAL_MACHINE). */
export const BROWSER_REGISTRY_KEYS: Record<PostureBrowser, string> = {
  chrome: 'SOFTWARE\\Policies\\Google\\Chrome',
  edge: 'SOFTWARE\\Policies\\Microsoft\\Edge',
  firefox: 'SOFTWARE\\Policies\\Mozilla\\Firefox',
};

export interface AllowedValue {
  value: number | string;
  label: string;
}

export interface SettingDefinition {
  /** `<browser>:<name>`, unique in the catalogue. */
  id: string;
  browser: PostureBrowser;
  name: string;
  type: SettingType;
  /** An enum's values (numbers are REG_DWORD, texts REG_SZ). */
  allowedValues?: AllowedValue[];
  /** An integer's bounds. */
  min?: number;
  max?: number;
  description: string;
  category: string;
  /** The browser's major version that introduced the policy. */
  introduced: string;
  platforms: PosturePlatform[];
  securityRelevant: boolean;
}

type Extra = {
  values?: [number | string, string][];
  min?: number;
  max?: number;
  /** Default both platforms. */
  only?: PosturePlatform;
};
type Row = [
  name: string,
  type: SettingType,
  category: string,
  introduced: string,
  security: boolean,
  description: string,
  extra?: Extra,
];

const ASK = (n: number): [number, string] => [n, 'Ask'];
const ALLOW_BLOCK_ASK: [number, string][] = [[1, 'Allow'], [2, 'Block'], ASK(3)];
const BLOCK_ASK: [number, string][] = [[2, 'Block'], ASK(3)];
const DOWNLOADS: [number, string][] = [
  [0, 'No special restrictions'],
  [1, 'Block dangerous downloads'],
  [2, 'Block potentially dangerous downloads'],
  [3, 'Block all downloads'],
  [4, 'Block malicious downloads'],
];
const DEVTOOLS: [number, string][] = [
  [0, 'Allowed, except for force-installed extensions'],
  [1, 'Allowed'],
  [2, 'Not allowed'],
];
const PRIVATE_MODE: [number, string][] = [
  [0, 'Available'],
  [1, 'Disabled'],
  [2, 'Forced'],
];
const SIGNIN: [number, string][] = [
  [0, 'Disable browser sign-in'],
  [1, 'Enable browser sign-in'],
  [2, 'Force users to sign in'],
];
const STARTUP: [number, string][] = [
  [1, 'Restore the last session'],
  [4, 'Open a list of URLs'],
  [5, 'Open the New Tab page'],
];
const TLS_MIN: [string, string][] = [
  ['tls1', 'TLS 1.0'],
  ['tls1.1', 'TLS 1.1'],
  ['tls1.2', 'TLS 1.2'],
];
const DOH: [string, string][] = [
  ['off', 'Off'],
  ['automatic', 'Automatic (secure when available)'],
  ['secure', 'Secure only'],
];
const COOKIES: [number, string][] = [
  [1, 'Allow all sites to set local data'],
  [2, 'Block all sites from setting local data'],
  [4, 'Keep cookies for the session only'],
];
const SAFE_SEARCH: [number, string][] = [
  [0, 'Off'],
  [1, 'Moderate'],
  [2, 'Strict'],
];

/** Policies Chrome and Edge share (Edge is built on Chromium and reads the same names). */
const chromium = (edge: boolean): Row[] => {
  const v = (chrome: string) => (edge ? '77' : chrome);
  const rows: Row[] = [
    [
      'PasswordManagerEnabled',
      'boolean',
      'Password manager',
      v('8'),
      true,
      'Lets users save passwords in the browser and fill them in.',
    ],
    [
      'DeveloperToolsAvailability',
      'enum',
      'Miscellaneous',
      v('68'),
      true,
      'Where the developer tools may be used.',
      { values: DEVTOOLS },
    ],
    [
      'BrowserSignin',
      'enum',
      'Miscellaneous',
      v('70'),
      false,
      'Whether users may, or must, sign in to the browser.',
      { values: SIGNIN },
    ],
    [
      'SyncDisabled',
      'boolean',
      'Miscellaneous',
      v('8'),
      true,
      'Turns off synchronisation of browser data with the vendor’s cloud.',
    ],
    [
      'AutofillAddressEnabled',
      'boolean',
      'Miscellaneous',
      v('69'),
      false,
      'Lets the browser fill in addresses.',
    ],
    [
      'AutofillCreditCardEnabled',
      'boolean',
      'Miscellaneous',
      v('63'),
      true,
      'Lets the browser save and fill in payment cards.',
    ],
    [
      'DefaultPopupsSetting',
      'enum',
      'Content settings',
      v('10'),
      false,
      'Whether sites may show pop-ups.',
      {
        values: [
          [1, 'Allow'],
          [2, 'Block'],
        ],
      },
    ],
    [
      'DefaultCookiesSetting',
      'enum',
      'Content settings',
      v('10'),
      true,
      'Whether sites may set cookies and other local data.',
      { values: COOKIES },
    ],
    [
      'DefaultGeolocationSetting',
      'enum',
      'Content settings',
      v('10'),
      true,
      'Whether sites may track the user’s physical location.',
      { values: ALLOW_BLOCK_ASK },
    ],
    [
      'DefaultNotificationsSetting',
      'enum',
      'Content settings',
      v('10'),
      false,
      'Whether sites may show desktop notifications.',
      { values: ALLOW_BLOCK_ASK },
    ],
    [
      'DefaultJavaScriptSetting',
      'enum',
      'Content settings',
      v('10'),
      true,
      'Whether sites may run JavaScript.',
      {
        values: [
          [1, 'Allow'],
          [2, 'Block'],
        ],
      },
    ],
    [
      'DefaultWebUsbGuardSetting',
      'enum',
      'Content settings',
      v('67'),
      true,
      'Whether sites may ask for access to USB devices.',
      { values: BLOCK_ASK },
    ],
    [
      'DefaultWebBluetoothGuardSetting',
      'enum',
      'Content settings',
      v('50'),
      true,
      'Whether sites may ask for access to Bluetooth devices.',
      { values: BLOCK_ASK },
    ],
    [
      'DefaultFileSystemReadGuardSetting',
      'enum',
      'Content settings',
      v('86'),
      true,
      'Whether sites may ask to read files and folders.',
      { values: BLOCK_ASK },
    ],
    [
      'DefaultSerialGuardSetting',
      'enum',
      'Content settings',
      v('86'),
      true,
      'Whether sites may ask for access to serial ports.',
      { values: BLOCK_ASK },
    ],
    [
      'DefaultInsecureContentSetting',
      'enum',
      'Content settings',
      v('79'),
      true,
      'Whether secure pages may load insecure (mixed) content.',
      {
        values: [
          [2, 'Block'],
          [3, 'Allow'],
        ],
      },
    ],
    [
      'BlockThirdPartyCookies',
      'boolean',
      'Miscellaneous',
      v('10'),
      true,
      'Blocks cookies set by sites other than the one in the address bar.',
    ],
    [
      'DnsOverHttpsMode',
      'enum',
      'Miscellaneous',
      edge ? '83' : '80',
      true,
      'How DNS-over-HTTPS is used.',
      { values: DOH },
    ],
    [
      'BuiltInDnsClientEnabled',
      'boolean',
      'Miscellaneous',
      v('25'),
      false,
      'Uses the browser’s own DNS client instead of the system’s.',
    ],
    [
      'URLBlocklist',
      'list',
      'Miscellaneous',
      edge ? '77' : '86',
      true,
      'URL patterns the browser refuses to open.',
    ],
    [
      'URLAllowlist',
      'list',
      'Miscellaneous',
      edge ? '77' : '86',
      true,
      'URL patterns opened even when the block list matches them.',
    ],
    [
      'ExtensionInstallBlocklist',
      'list',
      'Extensions',
      v('8'),
      true,
      'Extension ids users may not install (* blocks all not allowed).',
    ],
    [
      'ExtensionInstallAllowlist',
      'list',
      'Extensions',
      v('8'),
      true,
      'Extension ids exempt from the block list.',
    ],
    [
      'ExtensionInstallForcelist',
      'list',
      'Extensions',
      v('9'),
      true,
      'Extensions installed silently and not removable (id;update URL).',
    ],
    [
      'DownloadRestrictions',
      'enum',
      'Miscellaneous',
      v('61'),
      true,
      'Which downloads the browser blocks.',
      { values: DOWNLOADS },
    ],
    [
      'PromptForDownloadLocation',
      'boolean',
      'Miscellaneous',
      v('64'),
      false,
      'Asks where to save each file before downloading it.',
    ],
    ['DownloadDirectory', 'string', 'Miscellaneous', v('11'), false, 'The folder downloads are saved to.'],
    [
      'HomepageLocation',
      'string',
      'Startup, home page and new tab page',
      v('8'),
      false,
      'The home page URL.',
    ],
    [
      'HomepageIsNewTabPage',
      'boolean',
      'Startup, home page and new tab page',
      v('8'),
      false,
      'Uses the New Tab page as the home page.',
    ],
    [
      'RestoreOnStartup',
      'enum',
      'Startup, home page and new tab page',
      v('8'),
      false,
      'What the browser opens on start.',
      { values: STARTUP },
    ],
    [
      'ShowHomeButton',
      'boolean',
      'Startup, home page and new tab page',
      v('8'),
      false,
      'Shows the Home button on the toolbar.',
    ],
    [
      'DefaultSearchProviderEnabled',
      'boolean',
      'Default search provider',
      v('8'),
      false,
      'Searches from the address bar with the default search provider.',
    ],
    [
      'SearchSuggestEnabled',
      'boolean',
      'Miscellaneous',
      v('8'),
      false,
      'Suggests searches while the user types in the address bar.',
    ],
    [
      'MetricsReportingEnabled',
      'boolean',
      'Miscellaneous',
      v('8'),
      false,
      'Sends usage and crash reports to the vendor.',
    ],
    [
      'SitePerProcess',
      'boolean',
      'Miscellaneous',
      v('63'),
      true,
      'Isolates every site in a process of its own.',
    ],
    [
      'SSLVersionMin',
      'enum',
      'Miscellaneous',
      v('66'),
      true,
      'The lowest TLS version the browser accepts.',
      { values: TLS_MIN },
    ],
    [
      'SSLErrorOverrideAllowed',
      'boolean',
      'Miscellaneous',
      v('44'),
      true,
      'Lets users click through certificate error pages.',
    ],
    [
      'BackgroundModeEnabled',
      'boolean',
      'Miscellaneous',
      v('19'),
      false,
      'Keeps the browser running after its last window closes.',
      { only: 'windows' },
    ],
    ['AudioCaptureAllowed', 'boolean', 'Miscellaneous', v('25'), true, 'Lets sites ask for the microphone.'],
    ['VideoCaptureAllowed', 'boolean', 'Miscellaneous', v('25'), true, 'Lets sites ask for the camera.'],
    [
      'ScreenCaptureAllowed',
      'boolean',
      'Miscellaneous',
      edge ? '83' : '81',
      true,
      'Lets sites ask to record the screen.',
    ],
    ['PrintingEnabled', 'boolean', 'Printing', v('39'), false, 'Lets users print from the browser.'],
    [
      'SavingBrowserHistoryDisabled',
      'boolean',
      'Miscellaneous',
      v('8'),
      false,
      'Stops the browser keeping history.',
    ],
    [
      'AllowDeletingBrowserHistory',
      'boolean',
      'Miscellaneous',
      v('57'),
      false,
      'Lets users delete browsing and download history.',
    ],
    [
      'AuthSchemes',
      'string',
      'HTTP authentication',
      v('9'),
      false,
      'The HTTP authentication schemes supported (basic,digest,ntlm,negotiate).',
    ],
    [
      'AuthServerAllowlist',
      'string',
      'HTTP authentication',
      edge ? '77' : '86',
      true,
      'Servers the browser may send integrated (Kerberos, NTLM) credentials to.',
    ],
    [
      'RendererCodeIntegrityEnabled',
      'boolean',
      'Miscellaneous',
      edge ? '78' : '78',
      true,
      'Stops unsigned code loading into renderer processes.',
      { only: 'windows' },
    ],
    [
      'QuicAllowed',
      'boolean',
      'Miscellaneous',
      v('43'),
      false,
      'Allows the QUIC protocol (proxies that inspect TLS cannot see QUIC).',
    ],
    [
      'WebRtcIPHandling',
      'enum',
      'Miscellaneous',
      edge ? '91' : '91',
      true,
      'Which IP addresses and interfaces WebRTC may use.',
      {
        values: [
          ['default', 'All interfaces'],
          ['default_public_and_private_interfaces', 'Public and private interfaces'],
          ['default_public_interface_only', 'The public interface only'],
          ['disable_non_proxied_udp', 'No non-proxied UDP'],
        ],
      },
    ],
    ['BrowserGuestModeEnabled', 'boolean', 'Miscellaneous', v('38'), true, 'Allows guest profiles.'],
    ['BrowserAddPersonEnabled', 'boolean', 'Miscellaneous', v('39'), false, 'Lets users add profiles.'],
    [
      'ForceEphemeralProfiles',
      'boolean',
      'Miscellaneous',
      v('32'),
      false,
      'Deletes the profile’s data when the browser closes.',
    ],
    [
      'InsecureFormsWarningsEnabled',
      'boolean',
      'Miscellaneous',
      edge ? '87' : '86',
      true,
      'Warns before a secure page submits a form over HTTP.',
    ],
    [
      'AutoplayAllowed',
      'boolean',
      'Miscellaneous',
      edge ? '78' : '66',
      false,
      'Lets media play automatically with sound.',
    ],
    [
      'EnableMediaRouter',
      'boolean',
      'Miscellaneous',
      edge ? '77' : '52',
      false,
      'Enables casting to other devices.',
    ],
    [
      'MaxConnectionsPerProxy',
      'integer',
      'Miscellaneous',
      v('14'),
      false,
      'The most connections open at once to a proxy server.',
      { min: 6, max: 100 },
    ],
    [
      'DiskCacheSize',
      'integer',
      'Miscellaneous',
      v('17'),
      false,
      'The disk cache size in bytes (0: the default).',
      { min: 0, max: 2147483647 },
    ],
    [
      'ProxyMode',
      'enum',
      'Proxy server',
      v('10'),
      true,
      'How the browser reaches the web.',
      {
        values: [
          ['direct', 'Never use a proxy'],
          ['auto_detect', 'Detect proxy settings'],
          ['pac_script', 'Use a .pac script'],
          ['fixed_servers', 'Use fixed proxy servers'],
          ['system', 'Use the system’s proxy settings'],
        ],
      },
    ],
    ['ProxyPacUrl', 'string', 'Proxy server', v('8'), true, 'The URL of the proxy .pac file.'],
    [
      'ProxyServer',
      'string',
      'Proxy server',
      v('8'),
      true,
      'The proxy server (host:port) for fixed_servers.',
    ],
    [
      'ClearBrowsingDataOnExit',
      'boolean',
      'Miscellaneous',
      edge ? '78' : '78',
      false,
      'Clears browsing data when the browser closes.',
    ],
  ];
  // Chrome has no policy of that name (its own clears a list of data types).
  return edge ? rows : rows.filter((r) => r[0] !== 'ClearBrowsingDataOnExit');
};

const CHROME_ONLY: Row[] = [
  [
    'SafeBrowsingProtectionLevel',
    'enum',
    'Safe Browsing settings',
    '83',
    true,
    'Google Safe Browsing’s protection.',
    {
      values: [
        [0, 'No protection'],
        [1, 'Standard protection'],
        [2, 'Enhanced protection'],
      ],
    },
  ],
  [
    'SafeBrowsingExtendedReportingEnabled',
    'boolean',
    'Safe Browsing settings',
    '66',
    false,
    'Sends Google some system information and page content to help find threats.',
  ],
  [
    'PasswordLeakDetectionEnabled',
    'boolean',
    'Password manager',
    '79',
    true,
    'Checks saved passwords against known leaks.',
  ],
  [
    'PasswordProtectionWarningTrigger',
    'enum',
    'Password manager',
    '69',
    true,
    'When to warn about password reuse.',
    {
      values: [
        [0, 'Never'],
        [1, 'On reuse on any site'],
        [2, 'On reuse on a phishing page'],
      ],
    },
  ],
  [
    'IncognitoModeAvailability',
    'enum',
    'Miscellaneous',
    '14',
    true,
    'Whether Incognito mode is available.',
    { values: PRIVATE_MODE },
  ],
  [
    'HttpsOnlyMode',
    'enum',
    'Miscellaneous',
    '112',
    true,
    'Whether users may turn on HTTPS-First mode, or it is forced.',
    {
      values: [
        ['allowed', 'Users choose'],
        ['disallowed', 'Off'],
        ['force_enabled', 'Forced on'],
      ],
    },
  ],
  [
    'ChromeCleanupEnabled',
    'boolean',
    'Miscellaneous',
    '68',
    true,
    'Lets Chrome Cleanup scan for unwanted software.',
    { only: 'windows' },
  ],
  [
    'ComponentUpdatesEnabled',
    'boolean',
    'Miscellaneous',
    '54',
    true,
    'Updates Chrome’s components (security fixes among them).',
  ],
  [
    'ThirdPartyBlockingEnabled',
    'boolean',
    'Miscellaneous',
    '65',
    true,
    'Blocks third-party software injecting code into Chrome.',
    { only: 'windows' },
  ],
  [
    'AdvancedProtectionAllowed',
    'boolean',
    'Safe Browsing settings',
    '83',
    true,
    'Gives Advanced Protection users its extra checks of downloads.',
  ],
  [
    'ForceGoogleSafeSearch',
    'boolean',
    'Miscellaneous',
    '41',
    false,
    'Forces SafeSearch in Google Web Search.',
  ],
  [
    'ForceYouTubeRestrict',
    'enum',
    'Miscellaneous',
    '55',
    false,
    'Forces YouTube Restricted Mode.',
    { values: SAFE_SEARCH },
  ],
  [
    'AdsSettingForIntrusiveAdsSites',
    'enum',
    'Content settings',
    '65',
    false,
    'Ads on sites with intrusive ads.',
    {
      values: [
        [1, 'Allow'],
        [2, 'Block'],
      ],
    },
  ],
  [
    'NetworkPredictionOptions',
    'enum',
    'Miscellaneous',
    '38',
    false,
    'Preloads pages the user is likely to open.',
    {
      values: [
        [0, 'Predict on any connection'],
        [2, 'Never predict'],
      ],
    },
  ],
  [
    'SpellCheckServiceEnabled',
    'boolean',
    'Miscellaneous',
    '22',
    false,
    'Sends typed text to Google’s spelling service.',
  ],
  ['TranslateEnabled', 'boolean', 'Miscellaneous', '12', false, 'Offers to translate pages.'],
  [
    'AlternateErrorPagesEnabled',
    'boolean',
    'Miscellaneous',
    '8',
    false,
    'Suggests pages when an address cannot be reached.',
  ],
  [
    'UrlKeyedAnonymizedDataCollectionEnabled',
    'boolean',
    'Miscellaneous',
    '69',
    false,
    'Sends the URLs visited to Google to improve browsing.',
  ],
  [
    'CloudManagementEnrollmentMandatory',
    'boolean',
    'Chrome Enterprise Core',
    '72',
    false,
    'Chrome does not start until it is enrolled in cloud management.',
  ],
  [
    'AmbientAuthenticationInPrivateModesEnabled',
    'enum',
    'HTTP authentication',
    '81',
    true,
    'Integrated authentication in Incognito and guest profiles.',
    {
      values: [
        [0, 'Regular sessions only'],
        [1, 'Incognito too'],
        [2, 'Guest too'],
        [3, 'Incognito and guest'],
      ],
    },
  ],
  [
    'RelaunchNotification',
    'enum',
    'Miscellaneous',
    '66',
    true,
    'Tells users to relaunch for a pending update.',
    {
      values: [
        [1, 'Recommend a relaunch'],
        [2, 'Require a relaunch'],
      ],
    },
  ],
  [
    'RelaunchNotificationPeriod',
    'integer',
    'Miscellaneous',
    '67',
    true,
    'How long (ms) before an update’s relaunch is due.',
    { min: 3600000, max: 604800000 },
  ],
  [
    'PolicyRefreshRate',
    'integer',
    'Miscellaneous',
    '8',
    false,
    'How often (ms) policies are fetched again.',
    { min: 1800000, max: 86400000 },
  ],
  ['PrivacySandboxPromptEnabled', 'boolean', 'Privacy', '111', false, 'Shows the Privacy Sandbox prompt.'],
];

const EDGE_ONLY: Row[] = [
  [
    'SmartScreenEnabled',
    'boolean',
    'SmartScreen settings',
    '77',
    true,
    'Microsoft Defender SmartScreen checks sites and downloads.',
  ],
  [
    'SmartScreenPuaEnabled',
    'boolean',
    'SmartScreen settings',
    '80',
    true,
    'SmartScreen blocks potentially unwanted apps.',
  ],
  [
    'PreventSmartScreenPromptOverride',
    'boolean',
    'SmartScreen settings',
    '77',
    true,
    'Users may not click through SmartScreen warnings about sites.',
  ],
  [
    'PreventSmartScreenPromptOverrideForFiles',
    'boolean',
    'SmartScreen settings',
    '77',
    true,
    'Users may not click through SmartScreen warnings about downloads.',
  ],
  [
    'SmartScreenForTrustedDownloadsEnabled',
    'boolean',
    'SmartScreen settings',
    '80',
    false,
    'SmartScreen checks downloads from trusted sources too.',
  ],
  [
    'TrackingPrevention',
    'enum',
    'Miscellaneous',
    '78',
    true,
    'How strictly trackers are blocked.',
    {
      values: [
        [0, 'Off'],
        [1, 'Basic'],
        [2, 'Balanced'],
        [3, 'Strict'],
      ],
    },
  ],
  [
    'PasswordMonitorAllowed',
    'boolean',
    'Password manager',
    '85',
    true,
    'Warns when saved passwords are found in leaks.',
  ],
  [
    'TyposquattingCheckerEnabled',
    'boolean',
    'Miscellaneous',
    '96',
    true,
    'Warns on sites whose address imitates a known one.',
  ],
  [
    'EdgeShoppingAssistantEnabled',
    'boolean',
    'Miscellaneous',
    '87',
    false,
    'Shows shopping offers and price comparisons.',
  ],
  ['HubsSidebarEnabled', 'boolean', 'Miscellaneous', '114', false, 'Shows the sidebar.'],
  [
    'EdgeCollectionsEnabled',
    'boolean',
    'Miscellaneous',
    '78',
    false,
    'Lets users keep collections of pages.',
  ],
  [
    'PersonalizationReportingEnabled',
    'boolean',
    'Miscellaneous',
    '77',
    false,
    'Uses browsing history to personalise ads and news.',
  ],
  [
    'DiagnosticData',
    'enum',
    'Miscellaneous',
    '86',
    false,
    'How much diagnostic data is sent to Microsoft.',
    {
      values: [
        [0, 'Off'],
        [1, 'Required data'],
        [2, 'Optional data'],
      ],
    },
  ],
  [
    'InternetExplorerIntegrationLevel',
    'enum',
    'Miscellaneous',
    '77',
    false,
    'Whether Internet Explorer mode is available.',
    {
      values: [
        [0, 'None'],
        [1, 'Internet Explorer mode'],
        [2, 'Internet Explorer 11'],
      ],
      only: 'windows',
    },
  ],
  [
    'InPrivateModeAvailability',
    'enum',
    'Miscellaneous',
    '77',
    true,
    'Whether InPrivate mode is available.',
    { values: PRIVATE_MODE },
  ],
  [
    'StartupBoostEnabled',
    'boolean',
    'Performance',
    '88',
    false,
    'Starts Edge’s processes when Windows starts.',
    { only: 'windows' },
  ],
  ['ShowMicrosoftRewards', 'boolean', 'Miscellaneous', '86', false, 'Shows Microsoft Rewards.'],
  ['HideFirstRunExperience', 'boolean', 'Miscellaneous', '84', false, 'Skips the first-run pages.'],
  [
    'AutomaticHttpsDefault',
    'enum',
    'Miscellaneous',
    '92',
    true,
    'Switches connections from HTTP to HTTPS.',
    {
      values: [
        [0, 'Off'],
        [1, 'Only on domains likely to support HTTPS'],
        [2, 'Always'],
      ],
    },
  ],
  [
    'EnhanceSecurityMode',
    'enum',
    'Miscellaneous',
    '96',
    true,
    'The enhanced security mode (hardening of sites the user rarely visits).',
    {
      values: [
        [0, 'Standard'],
        [1, 'Balanced'],
        [2, 'Strict'],
        [3, 'Basic'],
      ],
    },
  ],
  [
    'ForceBingSafeSearch',
    'enum',
    'Miscellaneous',
    '77',
    false,
    'Forces SafeSearch in Bing.',
    { values: SAFE_SEARCH },
  ],
  ['UserFeedbackAllowed', 'boolean', 'Miscellaneous', '77', false, 'Lets users send feedback to Microsoft.'],
  [
    'PaymentMethodQueryEnabled',
    'boolean',
    'Miscellaneous',
    '77',
    false,
    'Lets sites ask whether the user has saved payment methods.',
  ],
];

const TLS: [string, string][] = [...TLS_MIN, ['tls1.3', 'TLS 1.3']];

const FIREFOX: Row[] = [
  ['DisableTelemetry', 'boolean', 'Privacy', '60', false, 'Stops Firefox sending telemetry.'],
  [
    'DisableFirefoxStudies',
    'boolean',
    'Privacy',
    '60',
    true,
    'Stops Firefox running studies (remotely installed experiments).',
  ],
  ['DisablePocket', 'boolean', 'Miscellaneous', '60', false, 'Removes Pocket.'],
  ['DisableFirefoxAccounts', 'boolean', 'Miscellaneous', '60', true, 'Turns off Firefox Accounts and Sync.'],
  ['DisableFormHistory', 'boolean', 'Privacy', '60', false, 'Does not remember search and form history.'],
  ['DisablePrivateBrowsing', 'boolean', 'Privacy', '60', true, 'Removes private browsing.'],
  ['DisableDeveloperTools', 'boolean', 'Miscellaneous', '60', true, 'Removes the developer tools.'],
  [
    'DisableAppUpdate',
    'boolean',
    'Updates',
    '60',
    true,
    'Stops Firefox updating itself (security fixes among them).',
  ],
  [
    'DisableSystemAddonUpdate',
    'boolean',
    'Updates',
    '60',
    true,
    'Stops system add-ons being installed or updated.',
  ],
  [
    'DisableMasterPasswordCreation',
    'boolean',
    'Passwords',
    '60',
    false,
    'Users may not create a primary password.',
  ],
  [
    'PrimaryPassword',
    'boolean',
    'Passwords',
    '91',
    true,
    'Requires a primary password to protect saved logins.',
  ],
  ['PasswordManagerEnabled', 'boolean', 'Passwords', '70', true, 'Shows the password manager.'],
  ['OfferToSaveLogins', 'boolean', 'Passwords', '60', true, 'Offers to remember logins.'],
  [
    'OfferToSaveLoginsDefault',
    'boolean',
    'Passwords',
    '60',
    false,
    'Offers to remember logins by default (users may change it).',
  ],
  ['DisableBuiltinPDFViewer', 'boolean', 'Miscellaneous', '60', false, 'Opens PDFs outside Firefox.'],
  [
    'DisableFeedbackCommands',
    'boolean',
    'Miscellaneous',
    '60',
    false,
    'Removes the commands that send feedback.',
  ],
  [
    'DisableProfileImport',
    'boolean',
    'Miscellaneous',
    '60',
    false,
    'Removes importing data from other browsers.',
  ],
  [
    'DisableSetDesktopBackground',
    'boolean',
    'Miscellaneous',
    '60',
    false,
    'Removes “Set Image as Desktop Background”.',
  ],
  ['DisableForgetButton', 'boolean', 'Privacy', '60', false, 'Removes the Forget button.'],
  [
    'DontCheckDefaultBrowser',
    'boolean',
    'Miscellaneous',
    '60',
    false,
    'Does not ask to become the default browser.',
  ],
  ['HardwareAcceleration', 'boolean', 'Miscellaneous', '60', false, 'Uses hardware acceleration.'],
  ['NetworkPrediction', 'boolean', 'Privacy', '67', false, 'Prefetches DNS and preconnects.'],
  ['SearchSuggestEnabled', 'boolean', 'Search', '68', false, 'Suggests searches while the user types.'],
  ['BlockAboutConfig', 'boolean', 'Miscellaneous', '60', true, 'Blocks about:config (advanced preferences).'],
  ['BlockAboutAddons', 'boolean', 'Miscellaneous', '60', false, 'Blocks the Add-ons Manager.'],
  ['BlockAboutProfiles', 'boolean', 'Miscellaneous', '60', false, 'Blocks about:profiles.'],
  ['BlockAboutSupport', 'boolean', 'Miscellaneous', '60', false, 'Blocks about:support.'],
  ['CaptivePortal', 'boolean', 'Network', '67', false, 'Detects captive portals.'],
  [
    'DisableSecurityBypass.InvalidCertificate',
    'boolean',
    'Security',
    '60',
    true,
    'Users may not click through certificate errors.',
  ],
  [
    'DisableSecurityBypass.SafeBrowsing',
    'boolean',
    'Security',
    '60',
    true,
    'Users may not click through Safe Browsing warnings.',
  ],
  ['DNSOverHTTPS.Enabled', 'boolean', 'Network', '63', true, 'Resolves names over HTTPS.'],
  ['DNSOverHTTPS.ProviderURL', 'string', 'Network', '63', true, 'The DNS-over-HTTPS resolver’s URL.'],
  [
    'DNSOverHTTPS.Locked',
    'boolean',
    'Network',
    '63',
    false,
    'Users may not change the DNS-over-HTTPS settings.',
  ],
  ['EnableTrackingProtection.Value', 'boolean', 'Privacy', '60', true, 'Blocks tracking content.'],
  ['EnableTrackingProtection.Cryptomining', 'boolean', 'Privacy', '70', true, 'Blocks cryptomining scripts.'],
  [
    'EnableTrackingProtection.Fingerprinting',
    'boolean',
    'Privacy',
    '70',
    true,
    'Blocks fingerprinting scripts.',
  ],
  [
    'EnableTrackingProtection.Locked',
    'boolean',
    'Privacy',
    '60',
    false,
    'Users may not change tracking protection.',
  ],
  [
    'Cookies.Behavior',
    'enum',
    'Privacy',
    '95',
    true,
    'Which cookies are accepted.',
    {
      values: [
        ['accept', 'All'],
        ['reject-foreign', 'No third-party cookies'],
        ['reject', 'None'],
        ['limit-foreign', 'Third-party only from visited sites'],
        ['reject-tracker', 'No trackers’ cookies'],
        ['reject-tracker-and-partition-foreign', 'No trackers’; others partitioned'],
      ],
    },
  ],
  ['Cookies.Locked', 'boolean', 'Privacy', '60', false, 'Users may not change the cookie settings.'],
  [
    'HttpsOnlyMode',
    'enum',
    'Security',
    '83',
    true,
    'HTTPS-Only Mode.',
    {
      values: [
        ['allowed', 'Off, users may turn it on'],
        ['disallowed', 'Off'],
        ['enabled', 'On, users may turn it off'],
        ['force_enabled', 'Forced on'],
      ],
    },
  ],
  ['SSLVersionMin', 'enum', 'Security', '66', true, 'The lowest TLS version accepted.', { values: TLS }],
  ['SSLVersionMax', 'enum', 'Security', '66', false, 'The highest TLS version used.', { values: TLS }],
  ['PopupBlocking.Default', 'boolean', 'Content', '60', false, 'Blocks pop-ups.'],
  ['Homepage.URL', 'string', 'Startup', '60', false, 'The home page URL.'],
  [
    'Homepage.StartPage',
    'enum',
    'Startup',
    '72',
    false,
    'What Firefox opens on start.',
    {
      values: [
        ['none', 'A blank page'],
        ['homepage', 'The home page'],
        ['previous-session', 'The previous session'],
        ['homepage-locked', 'The home page, always'],
      ],
    },
  ],
  ['PromptForDownloadLocation', 'boolean', 'Downloads', '68', false, 'Asks where to save each file.'],
  ['DefaultDownloadDirectory', 'string', 'Downloads', '68', false, 'The folder downloads are saved to.'],
  ['AppAutoUpdate', 'boolean', 'Updates', '75', true, 'Installs updates without asking.'],
  [
    'BackgroundAppUpdate',
    'boolean',
    'Updates',
    '90',
    true,
    'Updates Firefox when it is not running.',
    { only: 'windows' },
  ],
  ['ExtensionUpdate', 'boolean', 'Extensions', '67', true, 'Updates extensions automatically.'],
  ['SanitizeOnShutdown.Cookies', 'boolean', 'Privacy', '68', false, 'Clears cookies when Firefox closes.'],
  ['SanitizeOnShutdown.History', 'boolean', 'Privacy', '68', false, 'Clears history when Firefox closes.'],
  ['SanitizeOnShutdown.Cache', 'boolean', 'Privacy', '68', false, 'Clears the cache when Firefox closes.'],
  [
    'PictureInPicture.Enabled',
    'boolean',
    'Miscellaneous',
    '78',
    false,
    'Shows the picture-in-picture toggle on videos.',
  ],
  [
    'UserMessaging.ExtensionRecommendations',
    'boolean',
    'Miscellaneous',
    '75',
    false,
    'Recommends extensions while browsing.',
  ],
  ['FirefoxHome.Pocket', 'boolean', 'Startup', '68', false, 'Shows Pocket’s stories on the Home page.'],
  [
    'PostQuantumKeyAgreementEnabled',
    'boolean',
    'Security',
    '127',
    true,
    'Uses post-quantum key agreement in TLS.',
  ],
  [
    'DisableEncryptedClientHello',
    'boolean',
    'Security',
    '127',
    false,
    'Turns off TLS Encrypted Client Hello.',
  ],
  [
    'LegacySameSiteCookieBehaviorEnabled',
    'boolean',
    'Privacy',
    '96',
    true,
    'Goes back to cookies without SameSite treated as None.',
  ],
  ['AutofillCreditCardEnabled', 'boolean', 'Passwords', '75', true, 'Saves and fills in payment cards.'],
  ['AutofillAddressEnabled', 'boolean', 'Passwords', '75', false, 'Saves and fills in addresses.'],
  ['TranslateEnabled', 'boolean', 'Miscellaneous', '126', false, 'Offers to translate pages.'],
  [
    'DisableDefaultBrowserAgent',
    'boolean',
    'Miscellaneous',
    '75',
    false,
    'Stops the agent that reports the default browser.',
    { only: 'windows' },
  ],
  [
    'WindowsSSO',
    'boolean',
    'Authentication',
    '91',
    true,
    'Signs in to Microsoft accounts with Windows’ credentials.',
    { only: 'windows' },
  ],
  ['PrintingEnabled', 'boolean', 'Miscellaneous', '120', false, 'Lets users print.'],
  ['ManualAppUpdateOnly', 'boolean', 'Updates', '87', true, 'Updates only when the user asks.'],
  [
    'DisableThirdPartyModuleBlocking',
    'boolean',
    'Security',
    '110',
    true,
    'Users may not block third-party modules injected into Firefox.',
    { only: 'windows' },
  ],
];

const defsOf = (browser: PostureBrowser, rows: Row[]): SettingDefinition[] =>
  rows.map(([name, type, category, introduced, securityRelevant, description, extra = {}]) => ({
    id: `${browser}:${name}`,
    browser,
    name,
    type,
    ...(extra.values ? { allowedValues: extra.values.map(([value, label]) => ({ value, label })) } : {}),
    ...(extra.min === undefined ? {} : { min: extra.min }),
    ...(extra.max === undefined ? {} : { max: extra.max }),
    description,
    category,
    introduced,
    platforms: extra.only ? [extra.only] : [...POSTURE_PLATFORMS],
    securityRelevant,
  }));

/** The catalogue, in the order of its browsers. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  ...defsOf('chrome', [...chromium(false), ...CHROME_ONLY]),
  ...defsOf('edge', [...chromium(true), ...EDGE_ONLY]),
  ...defsOf('firefox', FIREFOX),
];

const BY_ID = new Map(SETTING_DEFINITIONS.map((d) => [d.id, d]));
/** A browser's definition of a setting name, if the catalogue has it. */
export const definitionOf = (browser: PostureBrowser, name: string): SettingDefinition | undefined =>
  BY_ID.get(`${browser}:${name}`);
