/**
 * The time histogram above the grid (issue 15): the query's events per bucket, stacked by the
 * type's action (labels from its vocabulary, colours from the charts theme, light or dark with
 * the app). A drag across it narrows the time range to what was selected, written to the URL as
 * an absolute `from`/`to` (logView.ts); the range then shows above the chart with a way back to
 * the interval.
 */
import { memo, Suspense, useEffect, useMemo } from 'react';
import { afterNextFrameShown } from '@workbench/charts/afterNextPaint';
import { LazyEChart as EChart, loadEChart } from '@workbench/charts/lazyEChart';
import { Box, Button, Skeleton, Typography, useTheme } from '@mui/material';
import { logHistogramOption } from '@workbench/charts';
import { LOG_ACTION_FIELDS, type LogHistogramReply } from '@workbench/common/api/contract/logSummary';
import type { LogQuery } from '@workbench/common/api/logs';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { useChartChangeMarkers } from '@workbench/common';
import { fieldLabel, fieldText } from './logFields';
import { histogramOf, type Summary } from './logSummaries';

export const HISTOGRAM_HEIGHT = 120;

/** A range end as the grid shows times (local), for the range line above the chart. */
const local = (seconds: number) => new Date(seconds * 1000).toLocaleString();

/** Memoised: it renders again when its props change, not with each render of the logs page. */
export const LogHistogram = memo(function LogHistogram({
  query,
  summary,
  range,
  onRange,
  onResetRange,
}: {
  query: LogQuery;
  summary: Summary<LogHistogramReply> | null;
  /** The absolute range of the URL (unix seconds), or null on an interval. */
  range: { from: number; to: number } | null;
  /** A drag selected [from, to) in unix seconds. */
  onRange: (from: number, to: number) => void;
  onResetRange: () => void;
}) {
  const mode = useTheme().palette.mode;
  // The chart's chunk is asked for once the page's first view is on the screen (its evaluation, a
  // long task, would otherwise come before that view's paint), in parallel with its summary.
  useEffect(() => afterNextFrameShown(() => void loadEChart()), []);
  const seriesField = LOG_ACTION_FIELDS[query.logType];
  const reply = summary?.status === 'loaded' ? summary.reply : null;
  const option = useMemo(() => {
    if (!reply) return null;
    const { offsetSeconds } = histogramOf(query);
    return logHistogramOption(reply.buckets, {
      start: Number(query.params.start) * 1000,
      end: Number(query.params.end) * 1000,
      bucketMs: reply.bucketMs,
      offsetMs: offsetSeconds * 1000,
      seriesLabelOf: (code) => fieldText(seriesField, String(code)),
      nullLabel: `No ${fieldLabel(seriesField).toLowerCase()}`,
    });
  }, [reply, query, seriesField]);
  // The policy's publishes and rollbacks inside the drawn range, asked for beside the summary
  // (not after it), so that they are usually in when the chart first draws and it draws once.
  const markerProps = useChartChangeMarkers(
    Number(query.params.start) * 1000,
    Number(query.params.end) * 1000,
  );
  const label = `Events over time by ${fieldLabel(seriesField).toLowerCase()}: drag across the chart to narrow the time range`;

  return (
    <Box data-testid={logsExplorerIds.histogram} sx={{ minWidth: 0 }}>
      {range && (
        <Box
          data-testid={logsExplorerIds.timeRange}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="body2">{`From ${local(range.from)} to ${local(range.to)}`}</Typography>
          <Button size="small" data-testid={logsExplorerIds.timeRangeReset} onClick={onResetRange}>
            Back to the interval
          </Button>
        </Box>
      )}
      {summary?.status === 'failed' ? (
        // The grid's own error says what went wrong; the chart just steps aside.
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          The histogram could not be loaded.
        </Typography>
      ) : option && reply && reply.total > 0 ? (
        <Suspense fallback={<Skeleton variant="rectangular" height={HISTOGRAM_HEIGHT} />}>
          <EChart
            option={option}
            height={HISTOGRAM_HEIGHT}
            theme={mode}
            label={label}
            {...markerProps}
            onBrushX={(from, to) => onRange(Math.floor(from / 1000), Math.ceil(to / 1000))}
          />
        </Suspense>
      ) : reply ? null : (
        <Skeleton
          variant="rectangular"
          height={HISTOGRAM_HEIGHT}
          role="progressbar"
          aria-label="Loading the histogram"
        />
      )}
    </Box>
  );
});
