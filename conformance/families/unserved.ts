/**
 * The families the reference server does not serve (yet): tenant settings (beside the sign-in
 * settings of families/settings.ts), on-premises appliance
 * settings and the central manager (connectivity: families/contactConnectivity.ts; browser posture:
 * families/browserPosture.ts). Their rows count what the spec
 * names; the suite fails when the server starts serving one without a check here.
 */
import { acl, type Method, type SpecEndpoint, type SpecSource } from '../endpointTypes';

const ON_PREM = 'api-client-layer §7 On-premises appliance settings';
const MANAGER = 'api-client-layer §7 Central manager and appliance management';

const rows = (
  family: string,
  source: SpecSource,
  list: ReadonlyArray<readonly [Method, string]>,
): SpecEndpoint[] => list.map(([method, path]) => ({ family, method, path, sources: [source] }));
const APPLIANCE_SETTINGS = acl(
  '§7 On-premises appliance settings',
  '/api/v1/settings/: extend_ime, auth/admins, auth/users, auth/ldap, auth/saml, ssl, service_domain, exported_config, logging, emails, access, time, enable_tls, smtp, enable_auto_updates, scp_fileexport_recorder, scp_fileexport, pnr_proxy, ssl_bump, safemail, attachments, web.',
);
const DASH = acl(
  '§7 On-premises appliance settings',
  '/api/dash/v1/: settings/network, settings/route, timezones, certs/ca/cert, certs/ca/reinitialize, certs/service/csr, certs/service/cert.',
);
const MGR = acl(
  '§7 On-premises appliance settings',
  '/api/mgr/v2/: certs/self/service, settings/auth/user, user/{id}/password, /status, /unlock, /ssh.',
);
const MANAGER_ITEMS: ReadonlyArray<readonly [string, string]> = [
  [
    'managed_systems CRUD, get_sv_cert, status, current_settings, cr_update, reset, reboot, shutdown, logs, exports, settings import and export, maintenance mode, ca_cert.',
    'managed_systems CRUD|get_sv_cert|status|current_settings|cr_update|reset|reboot|shutdown|logs|exports|settings import|settings export|maintenance mode|ca_cert',
  ],
  ['groups CRUD.', 'groups CRUD'],
  [
    'licence, validate_license, reg, settings, about, password.',
    'licence|validate_license|reg|settings|about|password',
  ],
  [
    'Remote system actions: reboot, restart, schedule, shutdown, maintenance, certs, logs.',
    'remote reboot|remote restart|remote schedule|remote shutdown|remote maintenance|remote certs|remote logs',
  ],
  ['Templates and apply/assign.', 'templates|template apply/assign'],
  [
    'Updates (check, download, install, rollback), approve_sv, jobs.',
    'update check|update download|update install|update rollback|approve_sv|jobs',
  ],
];

export const UNSERVED_ENDPOINTS: readonly SpecEndpoint[] = [
  ...rows(
    ON_PREM,
    APPLIANCE_SETTINGS,
    [
      'extend_ime',
      'auth/admins',
      'auth/users',
      'auth/ldap',
      'auth/saml',
      'ssl',
      'service_domain',
      'exported_config',
      'logging',
      'access',
      'time',
      'enable_tls',
      'enable_auto_updates',
      'scp_fileexport_recorder',
      'scp_fileexport',
      'pnr_proxy',
      // emails, smtp, ssl_bump, safemail, attachments, web: families/serviceSettings.ts.
    ].map((n) => ['ANY', `/api/v1/settings/${n}`] as const),
  ),
  ...rows(
    ON_PREM,
    DASH,
    [
      'settings/network',
      'settings/route',
      'timezones',
      'certs/ca/cert',
      'certs/ca/reinitialize',
      'certs/service/csr',
      'certs/service/cert',
    ].map((n) => ['ANY', `/api/dash/v1/${n}`] as const),
  ),
  ...rows(
    ON_PREM,
    MGR,
    [
      'certs/self/service',
      'settings/auth/user',
      'user/{id}/password',
      'user/{id}/status',
      'user/{id}/unlock',
      'user/{id}/ssh',
    ].map((n) => ['ANY', `/api/mgr/v2/${n}`] as const),
  ),
  ...rows(
    ON_PREM,
    acl('§7 On-premises appliance settings', '/api/v1/ca_cert and /ca_cert/{id}; POST /api/v1/decodeCert.'),
    [
      ['ANY', '/api/v1/ca_cert'],
      ['ANY', '/api/v1/ca_cert/{id}'],
      ['POST', '/api/v1/decodeCert'],
    ],
  ),
  ...MANAGER_ITEMS.flatMap(([text, names]) =>
    names.split('|').map((name): SpecEndpoint => ({
      family: MANAGER,
      method: 'ANY',
      path: `central manager: ${name}`,
      sources: [
        acl(
          '§7 Central manager and appliance management',
          `${text} Exact paths are not shown beyond these names.`,
        ),
      ],
      served: null,
    })),
  ),
];
