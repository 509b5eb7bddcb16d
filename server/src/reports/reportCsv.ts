/**
 * A report's CSV file from its panels' answers: a zip (fflate) of one CSV file per panel plus a
 * README.txt; and what the PDF (reportDocument.ts) shares with it: the input, the groups' labels
 * and the tables' headings. Pure: data in, bytes out. Apart from reportDocument.ts, so a CSV
 * report file never loads ECharts and PDFKit (~10 s of CPU for a cold jest transform, ~1 s in a
 * server).
 */
import { strToU8, zipSync } from 'fflate';
import { formatInZone } from './timeInZone';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import { RECIPIENTS_NOTE } from '@workbench/common/api/contract/reportFiles';
import {
  REPORT_QUERY_REGISTRY,
  fieldValueLabel,
  measureLabel,
  type ReportQueryDef,
  type ReportQueryName,
  type ReportReply,
} from '@workbench/common/api/contract/reportQueries';
import { csvLine } from '../events/csv';

export interface PanelAnswer {
  query: ReportQueryName;
  bytes: boolean;
  reply: ReportReply;
}

export interface SkippedPanel {
  query: ReportQueryName;
  /** Why: the permissions the run's user lacks, or the features their tenant lacks (in words). */
  needs: string;
}

export interface ReportDocumentInput {
  name: string;
  tenant: string;
  /** Unix seconds, end exclusive. */
  start: number;
  end: number;
  timezone: string;
  generatedAt: Date;
  /** The source in words ("Web traffic dashboard"). */
  source: string;
  filters: Readonly<Record<string, string>>;
  /** Whose permissions chose the panels. */
  runAs: string;
  recipients: readonly string[];
  panels: readonly PanelAnswer[];
  skipped: readonly SkippedPanel[];
}

export const def = (query: ReportQueryName): ReportQueryDef => REPORT_QUERY_REGISTRY[query];

/** A row's group as read: a code's label, a bucket's start (in the zone), the value itself. */
export function groupLabel(query: ReportQueryName, key: string | number | null, timeZone: string): string {
  const d = def(query);
  if (d.dimension.kind === 'date') return formatInZone(Number(key) * 1000, timeZone);
  if (key === null || key === '') return '(none)';
  const vocabulary = FIELD_SPECS[d.dimension.field]?.vocabulary;
  return vocabulary?.find((v) => v.code === key)?.label ?? String(key);
}

/** The table's headings: the dimension's label (or the time in the zone) and the measure's. */
export function panelHeadings(query: ReportQueryName, timeZone: string): [string, string] {
  const d = def(query);
  const group =
    d.dimension.kind === 'date'
      ? `Time (${timeZone})`
      : (FIELD_SPECS[d.dimension.field]?.label ?? d.dimension.field);
  return [group, measureLabel(d)];
}

/** File names inside the zip: "01-top_domains.csv", in the panels' order. */
export const csvFileName = (index: number, query: ReportQueryName): string =>
  `${String(index + 1).padStart(2, '0')}-${query}.csv`;

/**
 * The CSV format: a zip holding README.txt (what the report is) and one CSV per panel, a header
 * row (the group's heading, then Events or Bytes) and a row per group; values are the exact
 * numbers (bytes unformatted), buckets ISO 8601 in UTC, codes by their labels.
 */
export function buildCsvZip(input: ReportDocumentInput): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const readme = [
    input.name,
    `Tenant: ${input.tenant}`,
    `Range: ${new Date(input.start * 1000).toISOString()} to ${new Date(input.end * 1000).toISOString()} (end exclusive)`,
    `Generated at: ${input.generatedAt.toISOString()}`,
    `Source: ${input.source}`,
    `Panels chosen with the permissions of: ${input.runAs}`,
    ...Object.entries(input.filters).map(([k, v]) => `Filter ${k}: ${v}`),
    '',
    'Files:',
    ...input.panels.map((p, i) => `  ${csvFileName(i, p.query)}: ${def(p.query).title}`),
    ...(input.skipped.length > 0
      ? [
          '',
          'Left out (the user may not read them):',
          ...input.skipped.map((s) => `  ${def(s.query).title} (needs ${s.needs})`),
        ]
      : []),
    '',
    `Recipients: ${input.recipients.length > 0 ? input.recipients.join(', ') : 'none'}`,
    RECIPIENTS_NOTE,
    '',
  ].join('\r\n');
  files['README.txt'] = strToU8(readme);
  input.panels.forEach((panel, i) => {
    const d = def(panel.query);
    const heading = d.dimension.kind === 'date' ? 'Time (UTC)' : panelHeadings(panel.query, 'UTC')[0];
    const series = d.dimension.series;
    let text = csvLine([
      heading,
      ...(series === undefined ? [] : [FIELD_SPECS[series].label]),
      measureLabel(d),
    ]);
    for (const r of panel.reply.rows)
      text += csvLine([
        d.dimension.kind === 'date'
          ? new Date(Number(r.key) * 1000).toISOString()
          : groupLabel(panel.query, r.key, 'UTC'),
        ...(series === undefined ? [] : [fieldValueLabel(series, r.series)]),
        r.value,
      ]);
    files[csvFileName(i, panel.query)] = strToU8(text);
  });
  // A fixed time inside the zip: the same report gives the same bytes.
  return zipSync(files, { level: 6, mtime: input.generatedAt });
}
