/**
 * A KPI tile: the label, this period's value and its change on the previous period with an arrow.
 * The arrow and the short percentage are for the eye; screen readers get the sentence
 * ("up 12% on the previous period"). Up is not coloured as good nor down as bad: whether more is
 * better depends on the measure (more blocked threats is not a success), so the change is neutral.
 */
import { Box, Paper, Typography } from '@mui/material';
import { defaultFormat } from './options/topNBar';
import { kpiChangeText, kpiOf, percentText } from './options/kpi';

export interface KpiTileProps {
  label: string;
  value: number;
  /** The previous period's value; null or absent: no comparison shown. */
  previous?: number | null;
  formatValue?: (value: number) => string;
  testId?: string;
}

const ARROWS = { up: '▲', down: '▼', flat: '▬' } as const;

// Read by screen readers, not shown (MUI's visuallyHidden lives in @mui/utils, not a dependency).
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export function KpiTile({
  label,
  value,
  previous = null,
  formatValue = defaultFormat,
  testId,
}: KpiTileProps) {
  const kpi = kpiOf(value, previous);
  const sentence = kpiChangeText(kpi, formatValue);
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 160 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.3 }}>
        {formatValue(value)}
      </Typography>
      {kpi.direction !== null && sentence !== null && (
        <Typography variant="body2" color="text.secondary" title={sentence}>
          <span aria-hidden="true">
            {ARROWS[kpi.direction]}{' '}
            {kpi.change === null ? `from ${formatValue(kpi.previous ?? 0)}` : percentText(kpi.change)}
          </span>
          <Box component="span" sx={visuallyHidden}>
            {sentence}
          </Box>
        </Typography>
      )}
    </Paper>
  );
}
