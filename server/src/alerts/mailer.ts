/**
 * E-mail out (alert notifications, scheduled reports): nodemailer's SMTP client over a socket from
 * outbound.ts. The SMTP server is the tenant's own outgoing mail server where its settings have
 * one (the `smtp` settings document), otherwise the deployment's (WORKBENCH_SMTP_URL and
 * WORKBENCH_SMTP_FROM); with neither, sending fails with a message that says so.
 */
import type nodemailerModule from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ConfigStore } from '../store/ConfigStore';
import { readSettingsDocument } from '../settings/settingsDocumentRoutes';
import { openOutbound } from './outbound';
import type { SmtpConfig } from './smtpConfig';

export type { SmtpConfig } from './smtpConfig';

export interface MailMessage {
  to: readonly string[];
  subject: string;
  text: string;
  attachments?: readonly { filename: string; content: Buffer; contentType?: string }[];
}

export class MailError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

export const NO_SMTP =
  "No SMTP server is configured: set the tenant's outgoing mail server or WORKBENCH_SMTP_URL.";

/** The tenant's outgoing mail server when its settings name one, else the deployment's. */
export async function smtpOf(
  store: ConfigStore,
  tid: string,
  deployment: SmtpConfig | null,
): Promise<SmtpConfig | null> {
  const { record, doc } = await readSettingsDocument(store, 'smtp', tid);
  const d = doc as Record<string, unknown>;
  if (record && typeof d.host === 'string' && d.host !== '')
    return {
      host: d.host,
      port: Number(d.port),
      security: (d.security as SmtpConfig['security']) ?? 'starttls',
      username: String(d.username ?? ''),
      password: String(d.password ?? ''),
      from: String(d.from_address ?? ''),
    };
  return deployment;
}

/** Sends one message; answers the server's reply code. */
export async function sendMail(config: SmtpConfig | null, message: MailMessage): Promise<number> {
  if (!config) throw new MailError(NO_SMTP, null);
  const options: SMTPTransport.Options = {
    host: config.host,
    port: config.port,
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    ...(config.username ? { auth: { user: config.username, pass: config.password } } : {}),
    // The connection comes from the one door out (outbound.ts); nodemailer upgrades it for TLS.
    getSocket: (_options, callback) => {
      openOutbound({ host: config.host, port: config.port, purpose: 'smtp' }).then(
        (connection) => callback(null, { connection }),
        (error: Error) => callback(error, {}),
      );
    },
  };
  // nodemailer loads on the first message, not with every server (issue 39: few starts send mail).
  const nodemailer: typeof nodemailerModule = (await import('nodemailer')).default;
  const transport = nodemailer.createTransport(options);
  try {
    const info = await transport.sendMail({
      from: config.from,
      to: [...message.to],
      subject: message.subject,
      text: message.text,
      attachments: (message.attachments ?? []).map((a) => ({ ...a })),
    });
    const code = /^(\d{3})/.exec(String(info.response ?? ''))?.[1];
    return code ? Number(code) : 250;
  } catch (error) {
    const e = error as { message?: string; responseCode?: number };
    throw new MailError(
      e.message ?? String(error),
      typeof e.responseCode === 'number' ? e.responseCode : null,
    );
  } finally {
    transport.close();
  }
}
