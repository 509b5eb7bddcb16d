/**
 * Notifications of alert firings: the in-app notification (the portal header's list) and each of
 * the rule's channels (e-mail, signed webhook), every attempt in the channel's delivery log. A
 * channel that fails does not stop the others, nor the evaluation that notified.
 */
import crypto from 'node:crypto';
import type { ConfigStore } from '../store/ConfigStore';
import type { AlertFiringRecord, AlertRuleRecord, ChannelRecord } from '../store/repositories/alerts';
import { MailError, sendMail, smtpOf, type SmtpConfig } from './mailer';
import { deliverWebhook } from './webhook';
import { rangeInZone } from '../reports/timeInZone';
import { readSettingsDocument } from '../settings/settingsDocumentRoutes';

export type FiringChange = 'fired' | 'changed' | 'resolved';

export interface NotifierOptions {
  store: ConfigStore;
  now: () => Date;
  /** The deployment's SMTP server (WORKBENCH_SMTP_URL), used where the tenant has none. */
  smtp: SmtpConfig | null;
  /** The first webhook retry's delay (doubled each time). */
  retryBaseMs: number;
  /** The portal's origin for links in e-mail and webhooks ('' : links relative to the server). */
  publicUrl: string;
}

const TITLES: Record<FiringChange, string> = {
  fired: 'Alert firing',
  changed: 'Alert changed',
  resolved: 'Alert resolved',
};

/**
 * The title and text of a firing's notification; the window is read in `timeZone` (the tenant's
 * general settings), as a person reads times, not as ISO strings.
 */
export function notificationText(
  rule: AlertRuleRecord,
  firing: AlertFiringRecord,
  change: FiringChange,
  timeZone: string,
) {
  const title = `${TITLES[change]}: ${rule.name}`;
  const groups = firing.groups
    .filter((g) => g.key !== null)
    .map((g) => `${g.key} (${g.count})`)
    .join(', ');
  const body =
    change === 'resolved'
      ? `${rule.name} no longer matches its condition.`
      : `${firing.count} matching ${rule.spec.logType} events from ${rangeInZone(firing.windowStart, firing.windowEnd, timeZone)}${groups ? `; groups: ${groups}` : ''}.`;
  return { title, body };
}

export class Notifier {
  constructor(private readonly options: NotifierOptions) {}

  async notify(rule: AlertRuleRecord, firing: AlertFiringRecord, change: FiringChange): Promise<void> {
    const { store, now } = this.options;
    const { doc } = await readSettingsDocument(store, 'global_settings', rule.tid);
    const { title, body } = notificationText(rule, firing, change, String(doc.timezone ?? 'UTC'));
    await store.alerts.addNotification({
      id: crypto.randomUUID(),
      tid: rule.tid,
      createdMs: now().getTime(),
      severity: rule.spec.severity,
      title,
      body,
      link: firing.link,
      firingId: firing.id,
    });
    const payload = {
      event: change,
      rule: {
        id: rule.id,
        name: rule.name,
        severity: rule.spec.severity,
        log_type: rule.spec.logType,
        query: rule.spec.query,
      },
      firing: {
        id: firing.id,
        state: firing.state,
        count: firing.count,
        groups: firing.groups,
        window_start: new Date(firing.windowStart).toISOString(),
        window_end: new Date(firing.windowEnd).toISOString(),
        link: `${this.options.publicUrl}${firing.link}`,
      },
    };
    for (const id of rule.spec.channelIds) {
      const channel = await store.alerts.getChannel(rule.tid, id);
      if (!channel) continue; // deleted since: the rule's list is cleaned when it is next saved
      await this.deliver(channel, title, `${body}\n\n${payload.firing.link}\n`, payload);
    }
  }

  /** Sends to one channel, logging each attempt; never throws. */
  async deliver(channel: ChannelRecord, subject: string, text: string, payload: unknown): Promise<boolean> {
    const { store, now } = this.options;
    const log = async (attempt: number, status: number | null, error: string | null) =>
      store.alerts.addDelivery({
        id: crypto.randomUUID(),
        tid: channel.tid,
        channelId: channel.id,
        atMs: now().getTime(),
        attempt,
        status,
        error,
        subject,
      });
    if (channel.kind === 'webhook') {
      return deliverWebhook({ url: channel.config.url ?? '', secret: channel.secret }, payload, {
        now,
        retryBaseMs: this.options.retryBaseMs,
        onAttempt: (r) => log(r.attempt, r.status, r.error),
      });
    }
    try {
      const smtp = await smtpOf(store, channel.tid, this.options.smtp);
      const code = await sendMail(smtp, { to: channel.config.addresses ?? [], subject, text });
      await log(1, code, null);
      return true;
    } catch (error) {
      await log(1, error instanceof MailError ? error.code : null, (error as Error).message);
      return false;
    }
  }
}
