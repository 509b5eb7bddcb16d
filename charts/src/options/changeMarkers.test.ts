import { logHistogramOption } from './logHistogram';
import { stackedTimeSeriesOption } from './stackedTimeSeries';
import { timeSeriesOption } from './timeSeries';
import {
  CHANGE_MARKER_STYLE,
  changeMarkerRevIdOf,
  changeMarkerText,
  escapeHtml,
  withChangeMarkers,
  type ChangeMarker,
  type ChangeMarkerDatum,
} from './changeMarkers';

const AT = Date.UTC(2026, 10, 29, 14, 5, 30);
const PUBLISH: ChangeMarker = {
  revId: 12,
  at: AT,
  by: 'admin@acme.example',
  comment: 'Block gambling',
  rolledBackFrom: null,
};
const ROLLBACK: ChangeMarker = { revId: 13, at: AT + 3_600_000, by: 'ann', comment: null, rolledBackFrom: 9 };

interface Marked {
  series: {
    name?: string;
    markLine?: { data: ChangeMarkerDatum[]; tooltip: { formatter: (p: object) => string } };
  }[];
}

test('the tooltip text names the revision, who, when (minute, UTC by default) and the comment', () => {
  expect(changeMarkerText(PUBLISH)).toBe(
    'Revision 12 published by admin@acme.example, 2026-11-29 14:05: Block gambling',
  );
  expect(changeMarkerText(ROLLBACK)).toBe('Revision 13 rolled back to revision 9 by ann, 2026-11-29 15:05');
  expect(changeMarkerText(PUBLISH, () => '29/11 15:05')).toBe(
    'Revision 12 published by admin@acme.example, 29/11 15:05: Block gambling',
  );
});

test('markers become vertical lines on the first series, each with its revision id; a rollback looks different', () => {
  const rows = [
    { key: String(AT / 1000 - 3600), value: 3 },
    { key: String(AT / 1000), value: 5 },
  ];
  const option = timeSeriesOption(rows, { name: 'Requests' });
  const marked = withChangeMarkers(option, [PUBLISH, ROLLBACK]) as unknown as Marked;
  const data = marked.series[0].markLine!.data;
  expect(data.map((d) => [d.xAxis, d.revId, d.kind])).toEqual([
    [AT, 12, 'publish'],
    [AT + 3_600_000, 13, 'rollback'],
  ]);
  expect(data[0].lineStyle).toMatchObject(CHANGE_MARKER_STYLE.publish);
  expect(data[1].lineStyle).toMatchObject(CHANGE_MARKER_STYLE.rollback);
  expect(data[0].lineStyle.type).not.toBe(data[1].lineStyle.type);
  expect(data[0].lineStyle.color).not.toBe(data[1].lineStyle.color);
  expect(marked.series[0].markLine!.tooltip.formatter({ name: data[0].name })).toBe(
    changeMarkerText(PUBLISH),
  );
  // The option itself is left as it was (a pure function).
  expect((option as unknown as Marked).series[0].markLine).toBeUndefined();
  expect(marked.series[0].name).toBe('Requests');
});

test('any time-axis option takes them: stacked series and the logs histogram keep their other series', () => {
  const stacked = stackedTimeSeriesOption(
    [
      { key: String(AT / 1000), value: 1, series: 'a' },
      { key: String(AT / 1000), value: 2, series: 'b' },
    ],
    {},
  );
  const s = withChangeMarkers(stacked, [PUBLISH]) as unknown as Marked;
  expect(s.series).toHaveLength(2);
  expect(s.series[0].markLine!.data.map((d) => d.revId)).toEqual([12]);
  expect(s.series[1].markLine).toBeUndefined();
  const histogram = logHistogramOption([{ time: AT, series: 'block', count: 4 }], {
    start: AT - 3_600_000,
    end: AT + 3_600_000,
    bucketMs: 600_000,
  });
  const h = withChangeMarkers(histogram, [ROLLBACK]) as unknown as Marked;
  expect(h.series[0].markLine!.data.map((d) => d.revId)).toEqual([13]);
});

test('no markers, or a chart without series: the option unchanged', () => {
  const option = timeSeriesOption([], { name: 'Requests' });
  expect(withChangeMarkers(option, [])).toBe(option);
  const empty = { xAxis: { type: 'time' }, series: [] };
  expect(withChangeMarkers(empty, [PUBLISH])).toBe(empty);
});

test('a comment is text in the HTML tooltip', () => {
  const marked = withChangeMarkers(timeSeriesOption([{ key: '1', value: 1 }], { name: 'x' }), [
    { ...PUBLISH, comment: '<img src=x onerror=alert(1)>' },
  ]) as unknown as Marked;
  const line = marked.series[0].markLine!;
  expect(line.tooltip.formatter({ name: line.data[0].name })).toBe(
    'Revision 12 published by admin@acme.example, 2026-11-29 14:05: &lt;img src=x onerror=alert(1)&gt;',
  );
  expect(escapeHtml(`a&"'`)).toBe('a&amp;&quot;&#39;');
});

test('a click on a marker answers its revision id; on anything else, null', () => {
  expect(changeMarkerRevIdOf({ componentType: 'markLine', data: { revId: 12 } })).toBe(12);
  expect(changeMarkerRevIdOf({ componentType: 'series', data: [AT, 3] })).toBeNull();
  expect(changeMarkerRevIdOf({ componentType: 'markLine', data: {} })).toBeNull();
});
