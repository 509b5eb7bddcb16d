/**
 * A report's PDF file from its panels' answers (PDFKit; each chart drawn by ECharts on the server
 * as SVG, with the charts package's option builders, and placed with svg-to-pdfkit); the CSV zip
 * is reportCsv.ts's. Pure: data in, bytes out.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { LegacyGridContainLabel } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
// The option builder alone: the package's index also brings the KPI tile (React, MUI) into the server.
import { reportChartOption } from '@workbench/charts/options/reportChart';
import { formatBytes } from '@workbench/common/formatting/formatBytes';
import { formatInZone, rangeInZone } from './timeInZone';
import { LOG_TYPE_REGISTRY, logRouteOfType } from '@workbench/common/vocabularies/logTypes';
import { RECIPIENTS_NOTE } from '@workbench/common/api/contract/reportFiles';
import { reportChartOf } from '@workbench/common/api/contract/reportCharts';
import { fieldValueLabel } from '@workbench/common/api/contract/reportQueries';
import { def, groupLabel, panelHeadings, type PanelAnswer, type ReportDocumentInput } from './reportCsv';

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

const CHART_WIDTH = 495;
const CHART_HEIGHT = 260;

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
