/**
 * A state as an outlined chip whose text keeps WCAG AA contrast in both modes (the palette's filled
 * warning and info chips in light mode, and its filled error chip in dark mode, do not): the tone's
 * darker text on the light page, its main or lighter tone on the dark one. Rollouts, capability
 * states, licence keys and node states show their states with it.
 */
import { Chip } from '@mui/material';

/**
 * The narrowest table column that shows each of `labels` whole in a StatusChip (issue 31: the
 * rollouts' "Completed" read "Complet…"): the text at the chip's 13 px font (about 7.5 px a
 * character), the chip's padding and border, and the cell's padding.
 */
export const statusChipColumnWidth = (labels: readonly string[]): number =>
  Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * 7.5) + 20 + 32;

export type StatusColour = 'default' | 'info' | 'success' | 'warning' | 'error';

const LIGHT_TEXT: Record<Exclude<StatusColour, 'default'>, string> = {
  error: '#c62828',
  warning: '#8a4b00',
  info: '#01579b',
  success: '#1b5e20',
};

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
