/**
 * The cloud-app catalogue (docs/reports.md §5 app_discovery, app_rep_insights): the applications
 * the gateway recognises, the domains that identify them, their cloud-app category (the logs'
 * casb_cat_name) and a reputation score with the factors behind it, as an inline CASB's app
 * catalogue rates apps (Zscaler's Cloud App risk index, Cloudflare's app library): compliance
 * certifications, data residency choices, breach history, admin controls.
 *
 * `name` is exactly the web logs' `application` value (server/src/seed/eventGenerator.ts), which
 * is how app discovery joins what users did to the catalogue. Apps the demo events never show are
 * here too: a profile or rule may name an app before anyone used it.
 */
import type { AppReputation } from '@workbench/common/api/contract/casbEgress';

export interface CatalogueFactor {
  name: string;
  positive: boolean;
  detail: string;
}

export interface CatalogueApp {
  id: string;
  name: string;
  category: string;
  domains: readonly string[];
  score: number;
  factors: readonly CatalogueFactor[];
}

const SOC2: CatalogueFactor = { name: 'SOC 2 Type II', positive: true, detail: 'Audited yearly.' };
const ISO: CatalogueFactor = { name: 'ISO 27001', positive: true, detail: 'Certified information security.' };
const SSO: CatalogueFactor = {
  name: 'SAML single sign-on',
  positive: true,
  detail: 'Users sign in through the tenant identity provider.',
};
const TENANT_CONTROL: CatalogueFactor = {
  name: 'Tenant restrictions',
  positive: true,
  detail: 'Honours a header that limits sign-in to the company instance.',
};
const RESIDENCY: CatalogueFactor = {
  name: 'Data residency',
  positive: true,
  detail: 'Data can be kept in the EU or US.',
};
const NO_ADMIN: CatalogueFactor = {
  name: 'No admin audit log',
  positive: false,
  detail: 'Free accounts give administrators no record of who shared what.',
};
const ANON_SHARING: CatalogueFactor = {
  name: 'Anonymous sharing',
  positive: false,
  detail: 'Links open files to anyone who has them, without signing in.',
};
const BREACH: CatalogueFactor = {
  name: 'Reported breach',
  positive: false,
  detail: 'A credential breach was disclosed in the last five years.',
};
const PERSONAL: CatalogueFactor = {
  name: 'Personal accounts',
  positive: false,
  detail: 'Personal and company accounts use the same sign-in, so data leaves easily.',
};

export const CLOUD_APPS: readonly CatalogueApp[] = [
  {
    id: 'microsoft365',
    name: 'Microsoft 365',
    category: 'Collaboration',
    domains: ['office.com', 'sharepoint.com', 'onedrive.live.com'],
    score: 92,
    factors: [SOC2, ISO, SSO, TENANT_CONTROL, RESIDENCY],
  },
  {
    id: 'salesforce',
    name: 'Salesforce',
    category: 'CRM',
    domains: ['salesforce.com', 'force.com'],
    score: 90,
    factors: [SOC2, ISO, SSO, RESIDENCY],
  },
  {
    id: 'slack',
    name: 'Slack',
    category: 'Collaboration',
    domains: ['slack.com', 'slack-edge.com'],
    score: 84,
    factors: [SOC2, ISO, SSO, TENANT_CONTROL],
  },
  {
    id: 'zoom',
    name: 'Zoom',
    category: 'Video conferencing',
    domains: ['zoom.us'],
    score: 76,
    factors: [SOC2, SSO, BREACH],
  },
  {
    id: 'github',
    name: 'GitHub',
    category: 'Development',
    domains: ['github.com', 'githubusercontent.com'],
    score: 85,
    factors: [SOC2, ISO, SSO, PERSONAL],
  },
  {
    id: 'jira',
    name: 'Jira Cloud',
    category: 'Development',
    domains: ['atlassian.net'],
    score: 83,
    factors: [SOC2, ISO, SSO],
  },
  {
    id: 'box',
    name: 'Box',
    category: 'Cloud storage',
    domains: ['box.com', 'boxcdn.net'],
    score: 88,
    factors: [SOC2, ISO, SSO, TENANT_CONTROL, RESIDENCY],
  },
  {
    id: 'dropbox',
    name: 'Dropbox',
    category: 'Cloud storage',
    domains: ['dropbox.com', 'dropboxusercontent.com'],
    score: 58,
    factors: [SOC2, PERSONAL, ANON_SHARING, BREACH],
  },
  {
    id: 'wetransfer',
    name: 'WeTransfer',
    category: 'File sharing',
    domains: ['wetransfer.com', 'we.tl'],
    score: 34,
    factors: [ANON_SHARING, NO_ADMIN, PERSONAL],
  },
  {
    id: 'google-drive',
    name: 'Google Drive',
    category: 'Cloud storage',
    domains: ['drive.google.com', 'docs.google.com'],
    score: 72,
    factors: [SOC2, ISO, TENANT_CONTROL, PERSONAL],
  },
  {
    id: 'gmail',
    name: 'Gmail',
    category: 'Webmail',
    domains: ['gmail.com', 'mail.google.com'],
    score: 62,
    factors: [ISO, PERSONAL],
  },
  {
    id: 'outlook-com',
    name: 'Outlook.com',
    category: 'Webmail',
    domains: ['outlook.com', 'outlook.live.com'],
    score: 64,
    factors: [ISO, PERSONAL],
  },
  {
    id: 'mega',
    name: 'MEGA',
    category: 'Cloud storage',
    domains: ['mega.nz', 'mega.io'],
    score: 22,
    factors: [ANON_SHARING, NO_ADMIN, PERSONAL],
  },
  {
    id: 'sendspace',
    name: 'SendSpace',
    category: 'File sharing',
    domains: ['sendspace.com'],
    score: 18,
    factors: [ANON_SHARING, NO_ADMIN],
  },
  {
    id: 'pastebin',
    name: 'Pastebin',
    category: 'File sharing',
    domains: ['pastebin.com'],
    score: 25,
    factors: [ANON_SHARING, NO_ADMIN],
  },
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    category: 'Generative AI',
    domains: ['chatgpt.com', 'openai.com'],
    score: 55,
    factors: [SOC2, PERSONAL],
  },
];

export const cloudAppById = (id: string): CatalogueApp | undefined => CLOUD_APPS.find((a) => a.id === id);
export const cloudAppByName = (name: string): CatalogueApp | undefined =>
  CLOUD_APPS.find((a) => a.name === name);

/** The risk a score stands for (AppReputation.risk). */
export const riskOfScore = (score: number): AppReputation['risk'] =>
  score < 40 ? 'high' : score < 70 ? 'medium' : 'low';

export const reputationOf = (app: CatalogueApp): AppReputation => ({
  score: app.score,
  risk: riskOfScore(app.score),
  factors: app.factors.map((f) => ({ ...f })),
});
