/**
 * Customization (docs/sessions.md §6 customization area, docs/policy.md §3 Policy /rules/{kind}/{rev}:
 * customization/web, customization/email, customization/dlp). The spec names the documents only;
 * what they hold is what a gateway lets a tenant brand (as Zscaler's end-user notifications or
 * Cloudflare's block page): per notification page, its title and message, a logo and whom to
 * contact, in a `list` like the other v1 documents, one entry per page.
 */
import { Type } from 'typebox';
import { email } from '../../../validators/network';
import { publicHttpUrl } from '../../../validators/urls';
import { closed, firstDuplicate, firstIssue, kind, oneOf, type KindCheckIssue } from './kindDef';
import { firstInvalidAt } from './ruleParts';

/** The pages a user meets on the web. */
export const WEB_NOTIFICATION_PAGES = ['block', 'isolate', 'warn', 'quota_exceeded', 'file_blocked'] as const;
/** What an e-mail recipient meets: the banner on outside mail, the blocked link page, the quarantine notice. */
export const EMAIL_NOTIFICATION_PAGES = [
  'external_banner',
  'link_blocked',
  'link_isolated',
  'quarantine_notice',
] as const;
/** What a user meets when DLP acts on a transfer. */
export const DLP_NOTIFICATION_PAGES = ['upload_blocked', 'download_blocked', 'upload_logged'] as const;

/** How the portal names each notification page (editor tabs, the publish bar's diff). */
export const NOTIFICATION_PAGE_LABELS: Readonly<Record<string, string>> = {
  block: 'Blocked page',
  isolate: 'Isolated page',
  warn: 'Warning page',
  quota_exceeded: 'Quota exceeded page',
  file_blocked: 'Blocked file page',
  external_banner: 'External sender banner',
  link_blocked: 'Blocked link page',
  link_isolated: 'Isolated link page',
  quarantine_notice: 'Quarantine notice',
  upload_blocked: 'Blocked upload page',
  download_blocked: 'Blocked download page',
  upload_logged: 'Logged upload notice',
};

export const NOTIFICATION_TITLE_MAX = 100;
export const NOTIFICATION_MESSAGE_MAX = 2000;

const notificationPage = <P extends string>(pages: readonly P[]) =>
  Type.Object(
    {
      page: oneOf(pages),
      /** Off: the product's own page is shown. */
      enabled: Type.Boolean(),
      title: Type.String({ minLength: 1, maxLength: NOTIFICATION_TITLE_MAX }),
      message: Type.String({ minLength: 1, maxLength: NOTIFICATION_MESSAGE_MAX }),
      logo_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
      contact_email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    },
    closed,
  );

const checkPages = (
  list: ReadonlyArray<{ page: string; logo_url?: string; contact_email?: string }>,
): KindCheckIssue | null =>
  firstIssue(
    () => firstDuplicate(list, 'data.list', 'page'),
    () => firstInvalidAt(list, 'data.list', 'logo_url', publicHttpUrl),
    () => firstInvalidAt(list, 'data.list', 'contact_email', email),
  );

const customization = <P extends string>(area: 'web' | 'email' | 'dlp', title: string, pages: readonly P[]) =>
  kind({
    path: `/api/policy/v1/rules/customization/${area}/{rev}`,
    group: 'customization',
    title,
    data: Type.Object({ list: Type.Array(notificationPage(pages), { maxItems: pages.length }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'page' },
    check: (data) => checkPages(data.list),
    spec: `docs/policy.md §3 Policy (/rules/{kind}/{rev}: customization/${area})`,
  });

export const CUSTOMIZATION_KINDS = {
  'customization/web': customization('web', 'Web notification pages', WEB_NOTIFICATION_PAGES),
  'customization/email': customization('email', 'Email notifications', EMAIL_NOTIFICATION_PAGES),
  'customization/dlp': customization('dlp', 'DLP notification pages', DLP_NOTIFICATION_PAGES),
};
