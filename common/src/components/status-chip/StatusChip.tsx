/**
 * A state as an outlined chip whose text keeps WCAG AA contrast in both modes (the palette's filled
 * warning and info chips in light mode, and its filled error chip in dark mode, do not): the tone's
 * darker text on the light page, its main or lighter tone on the dark one. Rollouts, capability
 * states, licence keys and node states show their states with it.
 */
import { Chip } from '@mui/material';
import { readableMinWidth } from '../data-table/tableModel';

export type StatusColour = 'default' | 'info' | 'success' | 'warning' | 'error';

const LIGHT_TEXT: Record<Exclude<StatusColour, 'default'>, string> = {
  error: '#c62828',
  warning: '#8a4b00',
  info: '#01579b',
  success: '#1b5e20',
};

/** A small chip's own room around its label: 8 px padding and a 1 px border each side. */
const CHIP_FRAME_PX = 18;

/**
 * The narrowest table column that shows each of these labels whole on a status chip (a narrower
 * one cuts the label, as "About to exp…" on the licence keys at 1400 px: sweep.spec).
 */
export const statusColumnMinWidth = (labels: readonly string[]): number =>
  Math.max(...labels.map((label) => readableMinWidth(label, false))) + CHIP_FRAME_PX;

export function StatusChip({
  label,
  colour,
  ...rest
}: { label: string; colour: StatusColour } & Record<string, unknown>) {
  if (colour === 'default') return <Chip size="small" variant="outlined" label={label} {...rest} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      sx={(t) => ({
        color:
          t.palette.mode === 'light'
            ? LIGHT_TEXT[colour]
            : colour === 'error'
              ? t.palette.error.light
              : t.palette[colour].main,
        borderColor: t.palette[colour].main,
        fontWeight: 500,
      })}
      {...rest}
    />
  );
}
