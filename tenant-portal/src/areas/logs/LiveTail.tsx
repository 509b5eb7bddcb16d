/**
 * Live tail (issue 15): off by default; on, the explorer runs its query again, ending now, every
 * 5, 10 or 30 seconds, and highlights the rows that were not there before. It pauses while the
 * user has scrolled away from the top of the grid (reading older rows) and resumes at the top.
 */
import { memo, useEffect } from 'react';
import { FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { logsIds } from '@workbench/common';

export const LIVE_TAIL_PERIODS_S = [5, 10, 30] as const;
export type LiveTailPeriod = (typeof LIVE_TAIL_PERIODS_S)[number];
/** The class of a row that arrived with the last live-tail refresh. */
export const NEW_ROW_CLASS = 'logs-row-new';

export interface LiveTailProps {
  on: boolean;
  period: LiveTailPeriod;
  /** Scrolled away from the top: no refresh until back. */
  paused: boolean;
  onChange: (on: boolean, period: LiveTailPeriod) => void;
  /** Called every period while on and not paused. */
  onTick: () => void;
}

/** Memoised: it renders again when its props change, not with each render of the logs page. */
export const LiveTail = memo(function LiveTail({ on, period, paused, onChange, onTick }: LiveTailProps) {
  useEffect(() => {
    if (!on || paused) return;
    const timer = window.setInterval(onTick, period * 1000);
    return () => window.clearInterval(timer);
  }, [on, paused, period, onTick]);

  return (
    <>
      <FormControlLabel
        sx={{ ml: 0.5, mr: 0 }}
        control={
          <Switch
            size="small"
            checked={on}
            onChange={(e) => onChange(e.target.checked, period)}
            slotProps={{ input: { 'data-testid': logsIds.liveTail } as object }}
          />
        }
        label="Live"
      />
      <TextField
        select
        size="small"
        value={period}
        disabled={!on}
        onChange={(e) => onChange(on, Number(e.target.value) as LiveTailPeriod)}
        slotProps={{
          htmlInput: { 'aria-label': 'Live tail refresh period', 'data-testid': logsIds.liveTailPeriod },
        }}
        sx={{ width: 84 }}
      >
        {LIVE_TAIL_PERIODS_S.map((s) => (
          <MenuItem key={s} value={s}>
            {s} s
          </MenuItem>
        ))}
      </TextField>
      {on && paused && (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          Paused while scrolled
        </Typography>
      )}
    </>
  );
});
