/**
 * The deployment's SMTP server from its environment (read by config.ts, used by mailer.ts):
 * WORKBENCH_SMTP_URL `smtp://user:password@host:port` (plain, or `?starttls=required`), `smtps://…`
 * for TLS from the first byte; WORKBENCH_SMTP_FROM the sender.
 */
export interface SmtpConfig {
  host: string;
  port: number;
  /** `tls`: TLS from the first byte; `starttls`: upgrade required; `none`: plain (a local relay). */
  security: 'none' | 'starttls' | 'tls';
  username: string;
  password: string;
  from: string;
}

/** WORKBENCH_SMTP_URL (`smtp://user:password@host:port`, `smtps://…` for TLS) and WORKBENCH_SMTP_FROM. */
export function smtpFromEnv(url: string | undefined, from: string | undefined): SmtpConfig | null {
  if (!url || url.trim() === '') return null;
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    throw new Error(`WORKBENCH_SMTP_URL must be an smtp:// or smtps:// URL, got "${url}".`);
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
    throw new Error(`WORKBENCH_SMTP_URL must be an smtp:// or smtps:// URL, got "${url}".`);
  const tls = u.protocol === 'smtps:';
  const starttls = u.searchParams.get('starttls') === 'required';
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : tls ? 465 : 25,
    security: tls ? 'tls' : starttls ? 'starttls' : 'none',
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    from: from?.trim() || `workbench@${u.hostname}`,
  };
}
