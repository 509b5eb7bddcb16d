/**
 * Change markers: the tenant's policy publishes and rollbacks drawn on a time-axis chart as
 * vertical lines (an ECharts markLine on the first series), a rollback dashed and in another
 * colour than a publish. Each line carries its revision id, so a click can open that revision's
 * diff, and its tooltip says who published it, when, and with what comment.
 */
import type { EChartsCoreOption } from 'echarts/core';

export interface ChangeMarker {
  revId: number;
  /** When it was published, epoch ms. */
  at: number;
  by: string;
  comment: string | null;
  /** The revision a rollback restored; null for a publish. */
  rolledBackFrom: number | null;
}

export type ChangeMarkerKind = 'publish' | 'rollback';

export const changeMarkerKind = (m: ChangeMarker): ChangeMarkerKind =>
  m.rolledBackFrom === null ? 'publish' : 'rollback';

/** Two digits. */
const dd = (n: number) => String(n).padStart(2, '0');

/** "2026-11-29 14:05" in UTC: the default when the app gives no time format of its own. */
export const utcMinute = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${dd(d.getUTCMonth() + 1)}-${dd(d.getUTCDate())} ${dd(d.getUTCHours())}:${dd(d.getUTCMinutes())}`;
};

/**
 * "Revision 12 published by admin@acme.example, 2026-11-29 14:05: <comment>"; a rollback says
 * "Revision 13 rolled back to revision 9 by …". Without a comment the sentence ends at the time.
 */
export function changeMarkerText(m: ChangeMarker, formatTime: (ms: number) => string = utcMinute): string {
  const what =
    m.rolledBackFrom === null
      ? `Revision ${m.revId} published`
      : `Revision ${m.revId} rolled back to revision ${m.rolledBackFrom}`;
  const head = `${what} by ${m.by}, ${formatTime(m.at)}`;
  return m.comment ? `${head}: ${m.comment}` : head;
}

/** The colours and line types of the two kinds (colour is not the only difference: dashed too). */
export const CHANGE_MARKER_STYLE: Record<ChangeMarkerKind, { color: string; type: 'solid' | 'dashed' }> = {
  publish: { color: '#7b1fa2', type: 'solid' },
  rollback: { color: '#e65100', type: 'dashed' },
};

/** One markLine datum: the revision id and the tooltip's text ride along for the click and hover. */
export interface ChangeMarkerDatum {
  xAxis: number;
  name: string;
  revId: number;
  kind: ChangeMarkerKind;
  lineStyle: { color: string; type: 'solid' | 'dashed'; width: number };
}

export interface ChangeMarkerOptions {
  /** The app's time format (its time zone); UTC "YYYY-MM-DD HH:mm" otherwise. */
  formatTime?: (ms: number) => string;
}

/** The tooltip is HTML: a comment is text, never markup. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface SeriesLike {
  [key: string]: unknown;
}

/** The revision id of a clicked chart element when it is a change marker, else null. */
export function changeMarkerRevIdOf(click: { componentType?: string; data?: unknown }): number | null {
  if (click.componentType !== 'markLine') return null;
  const revId = (click.data as { revId?: unknown } | undefined)?.revId;
  return typeof revId === 'number' ? revId : null;
}

/**
 * The option with the markers as vertical lines on its first series (any time-axis option: a
 * line, stacked area or histogram). No markers, or no series: the option unchanged.
 */
export function withChangeMarkers(
  option: EChartsCoreOption,
  markers: readonly ChangeMarker[],
  o: ChangeMarkerOptions = {},
): EChartsCoreOption {
  const series = option.series;
  if (markers.length === 0 || !Array.isArray(series) || series.length === 0) return option;
  const data: ChangeMarkerDatum[] = markers.map((m) => {
    const kind = changeMarkerKind(m);
    const style = CHANGE_MARKER_STYLE[kind];
    return {
      xAxis: m.at,
      name: changeMarkerText(m, o.formatTime),
      revId: m.revId,
      kind,
      lineStyle: { color: style.color, type: style.type, width: 2 },
    };
  });
  const first: SeriesLike = {
    ...(series[0] as SeriesLike),
    markLine: {
      silent: false,
      symbol: ['none', 'none'],
      // The line's own tooltip (the chart's axis tooltip does not reach a mark line).
      tooltip: { trigger: 'item', formatter: (p: { name?: string }) => escapeHtml(p.name ?? '') },
      label: { show: false },
      emphasis: { lineStyle: { width: 4 } },
      animation: false,
      data,
    },
  };
  return { ...option, series: [first, ...series.slice(1)] };
}
