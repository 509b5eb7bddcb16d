/**
 * Demo contact messages (docs/contact.md §1): what the demo tenants' administrators sent support in
 * the days before the first start, one of them answered, so the console's Contact messages page
 * shows new and answered ones at once. Dated days back: none counts toward an account's hourly limit.
 */
import type { ContactMessage } from '@workbench/common/api/contract/contactForm';
import { CONTACT_ENTITY } from '../contact/contactRoutes';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';

const DAY_MS = 86_400_000;

type DemoMessage = Pick<ContactMessage, 'topic' | 'subject' | 'message' | 'sent_by'> & {
  id: string;
  daysAgo: number;
  answeredBy?: string;
};

const DEMO_MESSAGES: Record<string, readonly DemoMessage[]> = {
  acme: [
    {
      id: '0b7e2f64-5a1c-4d38-9f0e-2c6a8b1d4e01',
      daysAgo: 3,
      topic: 'support',
      subject: 'Video calls drop inside isolated pages',
      message:
        'Since the update last week, video calls in the browser drop after about a minute when the meeting site is isolated. Other sites are fine.',
      sent_by: 'admin@acme.example',
    },
    {
      id: '0b7e2f64-5a1c-4d38-9f0e-2c6a8b1d4e02',
      daysAgo: 9,
      topic: 'billing',
      subject: 'Seats for the new Lyon office',
      message: 'We are opening an office in Lyon next month: how do we add 40 seats to our licence?',
      sent_by: 'admin@acme.example',
      answeredBy: 'operator@provider.example',
    },
  ],
  globex: [
    {
      id: '0b7e2f64-5a1c-4d38-9f0e-2c6a8b1d4e03',
      daysAgo: 1,
      topic: 'feature_request',
      subject: 'Export the audit log to our SIEM',
      message: 'Could the audit log be pushed to our SIEM every hour, like the web logs?',
      sent_by: 'admin@globex.example',
    },
  ],
};

export async function seedDemoContactMessages(
  store: Pick<ConfigStore, 'entities'>,
  tenants: readonly TenantRecord[],
  now: Date,
): Promise<void> {
  for (const t of tenants)
    for (const m of DEMO_MESSAGES[t.name] ?? []) {
      const sentAt = new Date(now.getTime() - m.daysAgo * DAY_MS).toISOString();
      const answeredAt = m.answeredBy
        ? new Date(now.getTime() - (m.daysAgo - 1) * DAY_MS).toISOString()
        : null;
      const data: ContactMessage = {
        id: m.id,
        tid: t.tid,
        tenant_name: t.name,
        sent_by: m.sent_by,
        sent_at: sentAt,
        topic: m.topic,
        subject: m.subject,
        message: m.message,
        reply_to: m.sent_by,
        status: m.answeredBy ? 'answered' : 'new',
        answered_by: m.answeredBy ?? null,
        answered_at: answeredAt,
      };
      await store.entities.insert({
        entity: CONTACT_ENTITY,
        id: m.id,
        data,
        createdAt: sentAt,
        updatedAt: answeredAt ?? sentAt,
      });
    }
}
