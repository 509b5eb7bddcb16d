/**
 * Scheduled reports by e-mail: a schedule's run is sent, its file attached, to the addresses its
 * schedule names (the report's `recipients`), through the tenant's or the deployment's SMTP
 * server (mailer.ts). A run without recipients sends nothing.
 */
import type { PastReport } from '@workbench/common/api/contract/reportFiles';
import type { ServerContext } from '../context';
import { sendMail, smtpOf } from './mailer';
import { rangeInZone } from '../reports/timeInZone';

export async function mailReport(ctx: ServerContext, tid: string, report: PastReport): Promise<void> {
  if (report.recipients.length === 0) return;
  const bytes = await ctx.store.pastReports.getFile(tid, report.id);
  if (!bytes) throw new Error(`The file of report ${report.id} is missing; nothing was sent.`);
  const range = rangeInZone(report.start * 1000, report.end * 1000, report.timezone);
  await sendMail(await smtpOf(ctx.store, tid, ctx.smtp ?? null), {
    to: report.recipients,
    subject: `Scheduled report: ${report.name}`,
    text: `The scheduled report ${report.name} (${range}) is attached.\n`,
    attachments: [
      { filename: report.file_name, content: Buffer.from(bytes), contentType: report.content_type },
    ],
  });
}
