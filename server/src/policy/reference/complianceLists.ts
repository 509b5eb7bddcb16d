/**
 * Predefined compliance content lists (GET /predefined_ccls): the DLP detectors a DLP rule can
 * name without writing its own patterns, as a secure web gateway's DLP engine ships them (card
 * numbers with a Luhn check, national identifiers with their checksums, bank accounts, health
 * records, credentials). And the runtime-analysis threats (GET /ra_threats): the verdicts the
 * file sandbox gives, which content-inspection rules act on.
 */
type Ccl = {
  id: string;
  name: string;
  category: 'PCI' | 'PII' | 'PHI' | 'Financial' | 'Credentials';
  regions: string[];
  description: string;
  default_threshold: number;
};

export const PREDEFINED_CCLS: Ccl[] = [
  {
    id: 'credit_card_numbers',
    name: 'Credit Card Numbers',
    category: 'PCI',
    regions: ['Global'],
    description:
      'Visa, Mastercard, American Express, Discover, JCB and Diners card numbers passing the Luhn check.',
    default_threshold: 1,
  },
  {
    id: 'credit_card_track_data',
    name: 'Credit Card Magnetic Stripe Data',
    category: 'PCI',
    regions: ['Global'],
    description: 'Track 1 and track 2 data of payment cards.',
    default_threshold: 1,
  },
  {
    id: 'us_ssn',
    name: 'US Social Security Numbers',
    category: 'PII',
    regions: ['US'],
    description: 'Nine-digit SSNs in the issued ranges, with or without dashes.',
    default_threshold: 3,
  },
  {
    id: 'us_itin',
    name: 'US Individual Taxpayer Identification Numbers',
    category: 'PII',
    regions: ['US'],
    description: 'ITINs (9XX-7X-XXXX and 9XX-8X-XXXX ranges).',
    default_threshold: 3,
  },
  {
    id: 'us_passport',
    name: 'US Passport Numbers',
    category: 'PII',
    regions: ['US'],
    description: 'Nine-digit passport numbers near a passport keyword.',
    default_threshold: 2,
  },
  {
    id: 'us_drivers_license',
    name: "US Driver's License Numbers",
    category: 'PII',
    regions: ['US'],
    description: "State driver's license formats near a license keyword.",
    default_threshold: 3,
  },
  {
    id: 'uk_national_insurance',
    name: 'UK National Insurance Numbers',
    category: 'PII',
    regions: ['GB'],
    description: 'NINOs (two letters, six digits, suffix A–D).',
    default_threshold: 3,
  },
  {
    id: 'uk_nhs_number',
    name: 'UK NHS Numbers',
    category: 'PHI',
    regions: ['GB'],
    description: 'Ten-digit NHS numbers passing the modulus 11 check.',
    default_threshold: 3,
  },
  {
    id: 'ca_sin',
    name: 'Canadian Social Insurance Numbers',
    category: 'PII',
    regions: ['CA'],
    description: 'Nine-digit SINs passing the Luhn check.',
    default_threshold: 3,
  },
  {
    id: 'de_tax_id',
    name: 'German Tax Identification Numbers',
    category: 'PII',
    regions: ['DE'],
    description: 'Eleven-digit Steuer-IdNr with their check digit.',
    default_threshold: 3,
  },
  {
    id: 'fr_insee',
    name: 'French INSEE Numbers',
    category: 'PII',
    regions: ['FR'],
    description: 'Thirteen-digit social security numbers with their key.',
    default_threshold: 3,
  },
  {
    id: 'in_aadhaar',
    name: 'Indian Aadhaar Numbers',
    category: 'PII',
    regions: ['IN'],
    description: 'Twelve-digit Aadhaar numbers passing the Verhoeff check.',
    default_threshold: 3,
  },
  {
    id: 'au_tfn',
    name: 'Australian Tax File Numbers',
    category: 'PII',
    regions: ['AU'],
    description: 'Nine-digit TFNs passing the weighted check.',
    default_threshold: 3,
  },
  {
    id: 'iban',
    name: 'International Bank Account Numbers (IBAN)',
    category: 'Financial',
    regions: ['EU', 'Global'],
    description: 'IBANs of every registered country, passing the mod-97 check.',
    default_threshold: 2,
  },
  {
    id: 'swift_bic',
    name: 'SWIFT/BIC Codes',
    category: 'Financial',
    regions: ['Global'],
    description: 'Eight- and eleven-character bank identifier codes near a bank keyword.',
    default_threshold: 5,
  },
  {
    id: 'us_bank_routing',
    name: 'US Bank Routing and Account Numbers',
    category: 'Financial',
    regions: ['US'],
    description: 'ABA routing numbers with their checksum, next to an account number.',
    default_threshold: 2,
  },
  {
    id: 'hipaa_medical_terms',
    name: 'HIPAA Protected Health Information',
    category: 'PHI',
    regions: ['US'],
    description: 'Medical record numbers, diagnosis (ICD-10) codes and drug names near patient identifiers.',
    default_threshold: 5,
  },
  {
    id: 'us_dea_number',
    name: 'US DEA Registration Numbers',
    category: 'PHI',
    regions: ['US'],
    description: 'DEA numbers of prescribers, with their check digit.',
    default_threshold: 2,
  },
  {
    id: 'private_keys',
    name: 'Private Keys',
    category: 'Credentials',
    regions: ['Global'],
    description: 'PEM-encoded RSA, EC and OpenSSH private keys.',
    default_threshold: 1,
  },
  {
    id: 'cloud_access_keys',
    name: 'Cloud Access Keys',
    category: 'Credentials',
    regions: ['Global'],
    description: 'AWS access key ids with secrets, Azure storage keys and Google API keys.',
    default_threshold: 1,
  },
  {
    id: 'passwords_in_config',
    name: 'Passwords in Configuration Files',
    category: 'Credentials',
    regions: ['Global'],
    description: 'password= and connection-string secrets in configuration and source files.',
    default_threshold: 1,
  },
];

type RaThreat = { id: string; name: string; severity: 'low' | 'medium' | 'high'; description: string };

export const RA_THREATS: RaThreat[] = [
  {
    id: 'ransomware',
    name: 'Ransomware',
    severity: 'high',
    description: 'Encrypts or deletes many user files and drops a ransom note.',
  },
  {
    id: 'trojan_downloader',
    name: 'Trojan Downloader',
    severity: 'high',
    description: 'Fetches and runs further payloads from the internet.',
  },
  {
    id: 'credential_stealer',
    name: 'Credential Stealer',
    severity: 'high',
    description: 'Reads browser password stores, cookies or the Windows credential vault.',
  },
  { id: 'keylogger', name: 'Keylogger', severity: 'high', description: 'Hooks keyboard input.' },
  {
    id: 'remote_access_trojan',
    name: 'Remote Access Trojan',
    severity: 'high',
    description: 'Opens a command channel to a remote controller.',
  },
  {
    id: 'process_injection',
    name: 'Process Injection',
    severity: 'high',
    description: 'Writes code into another process and runs it.',
  },
  {
    id: 'macro_dropper',
    name: 'Malicious Office Macro',
    severity: 'high',
    description: 'A document macro that starts a shell, script host or download.',
  },
  {
    id: 'exploit_document',
    name: 'Exploit Document',
    severity: 'high',
    description: 'A document that crashes its reader into running code (CVE exploit).',
  },
  {
    id: 'cryptominer',
    name: 'Cryptocurrency Miner',
    severity: 'medium',
    description: 'Runs mining code at sustained high CPU use.',
  },
  {
    id: 'persistence',
    name: 'Persistence Mechanism',
    severity: 'medium',
    description: 'Adds run keys, scheduled tasks, services or login items.',
  },
  {
    id: 'defense_evasion',
    name: 'Defense Evasion',
    severity: 'medium',
    description: 'Disables security tools, clears logs or detects the sandbox.',
  },
  {
    id: 'network_beacon',
    name: 'Suspicious Network Beaconing',
    severity: 'medium',
    description: 'Contacts a domain at fixed intervals, or a newly registered one.',
  },
  {
    id: 'obfuscated_script',
    name: 'Obfuscated Script',
    severity: 'medium',
    description: 'Decodes and evaluates packed or encoded script content.',
  },
  {
    id: 'lolbin_abuse',
    name: 'Living-off-the-land Binary Abuse',
    severity: 'medium',
    description: 'Uses certutil, mshta, regsvr32 or rundll32 to fetch or run code.',
  },
  {
    id: 'adware',
    name: 'Adware',
    severity: 'low',
    description: 'Installs browser extensions or changes the home page and search.',
  },
  {
    id: 'pup',
    name: 'Potentially Unwanted Program',
    severity: 'low',
    description: 'Bundled installers, toolbars and system optimisers.',
  },
  {
    id: 'suspicious_packer',
    name: 'Suspicious Packer',
    severity: 'low',
    description: 'Packed with a packer malware favours; no malicious behaviour seen.',
  },
];
