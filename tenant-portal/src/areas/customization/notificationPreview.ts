/**
 * The live preview of a notification page (issue 13: "a live preview of the page the end user
 * will see"). The tenant's texts are escaped here, so nothing they type becomes markup; the page
 * is then shown in an iframe with an empty `sandbox` (no scripts, no forms, an opaque origin) via
 * `srcdoc`, so that even a mistake here could not run code in the portal or read its session,
 * and the preview's styles cannot leak into the portal's (or the portal's into it).
 */
import { publicHttpUrl } from '@workbench/common/validators/index';

/** HTML-escapes text for element content and double-quoted attributes. */
export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface PreviewContent {
  title: string;
  message: string;
  logo_url?: string;
  contact_email?: string;
}

/** What the user was doing when the page showed, as the product fills it in (sample values). */
export interface PreviewContext {
  /** e.g. "Blocked page" */
  pageLabel: string;
  /** Sample details the product adds (the address, the file…). */
  details: ReadonlyArray<[string, string]>;
  dark: boolean;
}

/** The whole document the iframe shows. Only escaped text and fixed markup go in. */
export function previewDocument(content: PreviewContent, context: PreviewContext): string {
  const paragraphs = content.message
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
  // Only an http(s) address is used as the logo's source; anything else shows no logo.
  const logo =
    content.logo_url && publicHttpUrl(content.logo_url) === null
      ? `<img class="logo" src="${escapeHtml(content.logo_url)}" alt="Logo">`
      : '';
  const contact = content.contact_email
    ? `<p class="contact">Questions? Contact <a href="mailto:${escapeHtml(content.contact_email)}">${escapeHtml(content.contact_email)}</a>.</p>`
    : '';
  const details = context.details
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('');
  const [bg, fg, card, muted] = context.dark
    ? ['#121212', '#f0f0f0', '#1e1e1e', '#b0b0b0']
    : ['#f4f5f7', '#1a1a1a', '#ffffff', '#555555'];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:${bg};color:${fg}}
main{max-width:560px;margin:32px auto;padding:24px 28px;background:${card};border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.2)}
.logo{max-height:48px;max-width:200px;display:block;margin-bottom:16px}
h1{font-size:1.5rem;margin:0 0 12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;color:${muted};font-size:.9rem}
dd{margin:0;word-break:break-all}
.contact{color:${muted};font-size:.9rem}
a{color:inherit}
</style></head><body><main>${logo}<h1>${escapeHtml(content.title)}</h1>${paragraphs}<dl>${details}</dl>${contact}</main></body></html>`;
}
