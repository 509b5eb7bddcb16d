/**
 * A report's file from its panels' answers: a PDF (PDFKit; each chart drawn by ECharts on the
 * server as SVG, with the charts package's option builders, and placed with svg-to-pdfkit), or a
 * zip (fflate) of one CSV file per panel plus a README.txt. Pure: data in, bytes out.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { LegacyGridContainLabel } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import { strToU8, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
// The option builder alone: the package's index also brings the KPI tile (React, MUI) into the server.
import { reportChartOption } from '@workbench/charts/options/reportChart';
import { formatBytes } from '@workbench/common/formatting/formatBytes';
import { formatInZone, rangeInZone } from './timeInZone';
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';
import { LOG_TYPE_REGISTRY, logRouteOfType } from '@workbench/common/vocabularies/logTypes';
import { RECIPIENTS_NOTE } from '@workbench/common/api/contract/reportFiles';
import { reportChartOf } from '@workbench/common/api/contract/reportCharts';
import {
  REPORT_QUERY_REGISTRY,
  fieldValueLabel,
  measureLabel,
  type ReportQueryDef,
  type ReportQueryName,
  type ReportReply,
} from '@workbench/common/api/contract/reportQueries';
import { csvLine } from '../events/csv';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  LegacyGridContainLabel,
  SVGRenderer,
]);

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

const CHART_WIDTH = 495;
const CHART_HEIGHT = 260;

const def = (query: ReportQueryName): ReportQueryDef => REPORT_QUERY_REGISTRY[query];

/** A row's group as read: a code's label, a bucket's start (in the zone), the value itself. */
function groupLabel(query: ReportQueryName, key: string | number | null, timeZone: string): string {
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

const formatValue = (panel: PanelAnswer) => (v: number) =>
  panel.bytes ? formatBytes(v) : v.toLocaleString('en-US');

/** The panel's chart as SVG text: the dashboard's option builders, no animation, drawn on the server. */
export function panelSvg(panel: PanelAnswer, timeZone: string): string {
  const d = def(panel.query);
  const rows = panel.reply.rows;
  const format = formatValue(panel);
  const labelOf = (key: string | number) => groupLabel(panel.query, key, timeZone);
  const series = d.dimension.series;
  const seriesLabelOf = series === undefined ? undefined : (s: string | number) => fieldValueLabel(series, s);
  const option = reportChartOption(reportChartOf(panel.query), rows, {
    name: d.title,
    formatValue: format,
    labelOf,
    seriesLabelOf,
  });
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  try {
    // The time axis reads its labels in the server's zone; the table below gives the report's.
    chart.setOption({ ...option, animation: false, textStyle: { fontFamily: 'Helvetica' } });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** PDFKit's standard fonts speak WinAnsi: anything else becomes "?" rather than a wrong glyph. */
const winAnsi = (text: string): string => text.replace(/[^\x20-\x7e\xa0-\xff\n]/g, '?');

export function panelLines(panel: PanelAnswer, timeZone: string): [string, string][] {
  const series = def(panel.query).dimension.series;
  return panel.reply.rows.map((r) => [
    series === undefined
      ? groupLabel(panel.query, r.key, timeZone)
      : `${groupLabel(panel.query, r.key, timeZone)} · ${fieldValueLabel(series, r.series) || '(none)'}`,
    formatValue(panel)(r.value),
  ]);
}

/** The PDF: a title page, then each panel's title, chart and numbers. */
export function buildPdf(input: ReportDocumentInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: winAnsi(input.name),
      Author: 'Workbench reference backend',
      CreationDate: input.generatedAt,
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const tz = input.timezone;

  // Title page.
  doc.font('Helvetica-Bold').fontSize(24).text(winAnsi(input.name), { width });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(12);
  const facts: [string, string][] = [
    ['Tenant', input.tenant],
    ['Range', rangeInZone(input.start * 1000, input.end * 1000, tz)],
    ['Generated at', `${formatInZone(input.generatedAt.getTime(), tz)} (${tz})`],
    ['Source', input.source],
    ['Panels chosen with the permissions of', input.runAs],
    ...Object.entries(input.filters).map(([k, v]): [string, string] => [`Filter ${k}`, v]),
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(winAnsi(value));
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Panels');
  doc.font('Helvetica');
  if (input.panels.length === 0) doc.text('None: the user may read none of the panels.');
  for (const p of input.panels) doc.text(`- ${def(p.query).title}`);
  if (input.skipped.length > 0) {
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Left out (the user may not read them)');
    doc.font('Helvetica');
    for (const s of input.skipped) doc.text(`- ${def(s.query).title} (needs ${s.needs})`);
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Recipients');
  doc.font('Helvetica').text(input.recipients.length > 0 ? winAnsi(input.recipients.join(', ')) : 'None.');
  doc.text(RECIPIENTS_NOTE);

  // One page (or more, for long tables) per panel.
  for (const panel of input.panels) {
    doc.addPage();
    const d = def(panel.query);
    doc.font('Helvetica-Bold').fontSize(16).text(d.title, { width });
    doc.font('Helvetica').fontSize(9).fillColor('#555555');
    doc.text(
      // The log type by its page's name (issue 31: the subtitle read the table name, scan_web).
      `${d.dimension.kind === 'date' ? `By ${panel.reply.granularity ?? 'date'}` : 'Top groups'}, from ${LOG_TYPE_REGISTRY[logRouteOfType(d.logType)].title}`,
    );
    doc.fillColor('black');
    const chartTop = doc.y + 8;
    SVGtoPDF(doc as unknown as Parameters<typeof SVGtoPDF>[0], panelSvg(panel, tz), left, chartTop, {
      width: CHART_WIDTH,
      height: CHART_HEIGHT,
    });
    doc.y = chartTop + CHART_HEIGHT + 12;
    const [groupHeading, valueHeading] = panelHeadings(panel.query, tz);
    const valueWidth = 140;
    const row = (a: string, b: string, bold = false) => {
      if (doc.y > bottom() - 14) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      doc.text(winAnsi(a), left, y, { width: width - valueWidth - 10, lineBreak: false, ellipsis: true });
      doc.text(b, left + width - valueWidth, y, { width: valueWidth, align: 'right', lineBreak: false });
      doc.x = left;
      doc.y = y + 14;
    };
    row(groupHeading, valueHeading, true);
    const lines = panelLines(panel, tz);
    if (lines.length === 0) row('(no events in the range)', '');
    for (const [a, b] of lines) row(a, b);
  }
  doc.end();
  return done;
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
