/**
 * Risk reference data (docs/glossary.md §2 Risk: G Low, Y Medium, R High; docs/policy.md §4 GET /risks and
 * GET /risks/Vulnerable Service): the risk levels the web policy's risk rules act on (labels from
 * the RISKS vocabulary), the signals the reputation service combines into a site's level, and
 * the server software versions behind the "Vulnerable Service" signal.
 */
import { RISKS } from '@workbench/common/vocabularies/logFilterVocabularies';
import { vocabularyLabel } from '@workbench/common/vocabularies/vocabulary';

const LEVEL_DESCRIPTIONS: Record<string, string> = {
  G: 'Established sites with a clean history; allowed by default.',
  Y: 'Sites with a weak or short history, or one risk signal; isolated by default.',
  R: 'Sites with several risk signals or a recent compromise; blocked by default.',
};

export const risksReply = () => ({
  levels: RISKS.map((r) => ({ code: r.code, label: r.label, description: LEVEL_DESCRIPTIONS[r.code] ?? '' })),
  factors: [
    { name: 'Newly Registered Domain', level: 'Y', description: 'Registered in the last 30 days.' },
    { name: 'Low Traffic Domain', level: 'Y', description: 'Seen by few users across the service.' },
    {
      name: 'Self-signed Certificate',
      level: 'Y',
      description: 'The TLS certificate is not from a trusted CA.',
    },
    { name: 'Expired Certificate', level: 'Y', description: "The site's TLS certificate has expired." },
    {
      name: 'Vulnerable Service',
      level: 'R',
      description: 'The server runs software with known exploited flaws.',
    },
    {
      name: 'Recently Compromised',
      level: 'R',
      description: 'Served malware or phishing in the last 90 days.',
    },
    { name: 'Malicious Hosting', level: 'R', description: 'Hosted on a network known for abuse.' },
    { name: 'Suspicious Redirects', level: 'Y', description: 'Redirects through several unrelated domains.' },
  ].map((f) => ({
    ...f,
    description: `${f.description} Raises the site to ${vocabularyLabel(RISKS, f.level)}.`,
  })),
});

export const vulnerableServiceReply = () => ({
  name: 'Vulnerable Service' as const,
  level: 'R',
  services: [
    { product: 'Apache HTTP Server', affected_versions: '2.4.49–2.4.50', cve: 'CVE-2021-41773', cvss: 7.5 },
    {
      product: 'Microsoft Exchange Server',
      affected_versions: '2013–2019 before KB5003435',
      cve: 'CVE-2021-26855',
      cvss: 9.8,
    },
    { product: 'Atlassian Confluence', affected_versions: 'before 7.18.1', cve: 'CVE-2022-26134', cvss: 9.8 },
    {
      product: 'Fortinet FortiOS SSL VPN',
      affected_versions: '7.2.0–7.2.2',
      cve: 'CVE-2022-42475',
      cvss: 9.8,
    },
    {
      product: 'Citrix NetScaler ADC',
      affected_versions: '13.1 before 13.1-49.15',
      cve: 'CVE-2023-4966',
      cvss: 9.4,
    },
    { product: 'Ivanti Connect Secure', affected_versions: '9.x, 22.x', cve: 'CVE-2023-46805', cvss: 8.2 },
    {
      product: 'Progress MOVEit Transfer',
      affected_versions: 'before 2023.0.1',
      cve: 'CVE-2023-34362',
      cvss: 9.8,
    },
    {
      product: 'WordPress File Manager plugin',
      affected_versions: '6.0–6.8',
      cve: 'CVE-2020-25213',
      cvss: 9.8,
    },
    { product: 'Drupal core', affected_versions: 'before 7.58, 8.5.1', cve: 'CVE-2018-7600', cvss: 9.8 },
    {
      product: 'Oracle WebLogic Server',
      affected_versions: '10.3.6, 12.1.3, 12.2.1.3',
      cve: 'CVE-2019-2725',
      cvss: 9.8,
    },
  ],
});
