/**
 * The toolbar's absolute time range (issue 15): a "Range" button opening a popover with From and
 * To (local date and time; To empty means until now) and a month (the spec's month-and-year
 * interval, "March 2026"). The relative codes stay in the filter bar's Interval menu. Apply
 * writes the URL (logView.ts withAbsoluteRange / withInterval); a start not before the end is
 * refused with a message and changes nothing.
 */
import { memo, useState } from 'react';
import { Box, Button, Popover, Stack, TextField, Typography } from '@mui/material';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { MONTH_NAMES } from '@workbench/common/features/interval/index';
import { logsIds } from '@workbench/common';

export interface RangePickerProps {
  /** The view's absolute range (unix seconds), if it has one. */
  from: number | null;
  to: number | null;
  onRange: (from: number, to: number | null) => void;
  onMonth: (interval: string) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Unix seconds as a datetime-local value (local time). */
export function toLocalInput(seconds: number | null): string {
  if (seconds === null) return '';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value (local time) as unix seconds, or null when empty or not a date. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}
/** A month input's value (`2026-03`) as the month-and-year interval ("March 2026"). */
export function monthInterval(value: string): string | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return m ? `${MONTH_NAMES[Number(m[2]) - 1]} ${m[1]}` : null;
}

export const RANGE_ORDER_ERROR = 'From must be before To.';
export const RANGE_START_ERROR = 'Choose when the range starts.';

/** Memoised: it renders again when its props change, not with each render of the logs page. */
export const RangePicker = memo(function RangePicker({ from, to, onRange, onMonth }: RangePickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [month, setMonth] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = (el: HTMLElement) => {
    setStart(toLocalInput(from));
    setEnd(toLocalInput(from === null ? null : to));
    setMonth('');
    setError(null);
    setAnchor(el);
  };
  const apply = () => {
    const interval = monthInterval(month);
    if (interval) {
      onMonth(interval);
      setAnchor(null);
      return;
    }
    const f = fromLocalInput(start);
    const t = fromLocalInput(end);
    if (f === null) return setError(RANGE_START_ERROR);
    if (f >= (t ?? Math.floor(Date.now() / 1000))) return setError(RANGE_ORDER_ERROR);
    onRange(f, t);
    setAnchor(null);
  };

  return (
    <>
      <Button
        data-testid={logsIds.rangeButton}
        startIcon={<DateRangeIcon />}
        aria-haspopup="dialog"
        onClick={(e) => open(e.currentTarget)}
      >
        Range
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Time range' } }}
      >
        <Box
          component="form"
          sx={{ p: 2, width: 300 }}
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Stack spacing={2}>
            <TextField
              type="datetime-local"
              size="small"
              label="From"
              value={start}
              onChange={(e) => {
                setStart(e.target.value);
                setMonth('');
              }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': logsIds.rangeFrom } }}
            />
            <TextField
              type="datetime-local"
              size="small"
              label="To"
              helperText="Empty: until now"
              value={end}
              onChange={(e) => {
                setEnd(e.target.value);
                setMonth('');
              }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': logsIds.rangeTo } }}
            />
            <Typography variant="body2" color="text.secondary">
              or a whole month
            </Typography>
            <TextField
              type="month"
              size="small"
              label="Month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': logsIds.rangeMonth } }}
            />
            {error && (
              <Typography role="alert" color="error" variant="body2" data-testid={logsIds.rangeError}>
                {error}
              </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => setAnchor(null)}>Cancel</Button>
              <Button type="submit" variant="contained" data-testid={logsIds.rangeApply}>
                Apply
              </Button>
            </Stack>
          </Stack>
        </Box>
      </Popover>
    </>
  );
});
