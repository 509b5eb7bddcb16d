/**
 * One chart panel of the analytics pages: its title and the chart, drawn by the charts package's
 * EChart, loaded on first use (ECharts is its own chunk: the console's first load stays small).
 */
import { Suspense } from 'react';
import { LazyEChart as EChart } from '@workbench/charts/lazyEChart';
import { Paper, Typography, useTheme } from '@mui/material';
import type { EChartProps } from '@workbench/charts/EChart';
import { Loading } from '@workbench/common/components/page-states/index';

export interface AnalyticsPanelProps {
  title: string;
  option: EChartProps['option'];
  testId: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | null;
  height?: number;
  /** A time chart's change markers (useChartChangeMarkers): drawn on it and listed under it. */
  markers?: Pick<EChartProps, 'changeMarkers' | 'onChangeMarker' | 'formatMarkerTime'>;
  /** A line under the title (what the chart does not show, and why). */
  caption?: string | null;
  captionTestId?: string;
}

export function AnalyticsPanel({
  title,
  option,
  testId,
  empty = null,
  height = 280,
  markers,
  caption = null,
  captionTestId,
}: AnalyticsPanelProps) {
  const theme = useTheme();
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: caption === null ? 1 : 0 }}>
        {title}
      </Typography>
      {caption !== null && (
        <Typography
          variant="caption"
          component="p"
          color="text.secondary"
          sx={{ mb: 1 }}
          data-testid={captionTestId}
        >
          {caption}
        </Typography>
      )}
      {empty !== null ? (
        <Typography color="text.secondary" data-testid={testId}>
          {empty}
        </Typography>
      ) : (
        <Suspense fallback={<Loading label={`Loading ${title}`} />}>
          <EChart
            option={option}
            label={title}
            testId={testId}
            height={height}
            theme={theme.palette.mode}
            {...markers}
          />
        </Suspense>
      )}
    </Paper>
  );
}
