/**
 * The field sidebar's rows as plain buttons, styled once by the sidebar (issue 42). Drawn with
 * MUI's ButtonBase, IconButton, SvgIcon and a Tooltip each, the web logs' 39 fields were ~1,100 of
 * the 1,650 components of the page's mount, whose task took ~200 ms on the bench machine; with
 * plain elements, ~90 ms (bench/README.md, "The field sidebar's rows as plain buttons"). They are
 * drawn as MUI draws them: ButtonBase's reset, IconButton's small size and hover, SvgIcon's size
 * and fill, the theme's focus ring (workbenchTheme.ts). What a row no longer has is the ripple of
 * a click or of keyboard focus. The Visualise buttons share one tooltip (common's
 * `useAnchoredTooltip`), shown at the button the pointer rests on or the keyboard reaches.
 */
import type { Theme } from '@mui/material';

/** The class names of a row's parts; the sidebar's `rowStyles` draws them. */
export const rowClasses = {
  row: 'FieldSidebar-row',
  field: 'FieldSidebar-field',
  /** Given with FOCUS_RING_CLASS: its focus ring is the theme's (workbenchTheme.ts). */
  visualise: 'FieldSidebar-visualise',
  icon: 'FieldSidebar-icon',
} as const;

// The paths of MUI's ExpandMore, ChevronRight and InsertChartOutlined icons (@mui/icons-material).
export const EXPAND_MORE_PATH = 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z';
export const CHEVRON_RIGHT_PATH = 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z';
export const INSERT_CHART_OUTLINED_PATH =
  'M9 17H7v-7h2zm4 0h-2V7h2zm4 0h-2v-4h2zm2.5 2.1h-15V5h15zm0-16.1h-15c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h15c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2';

/** An icon as SvgIcon draws one: 1em square in the text's colour, hidden from screen readers. */
export function RowIcon({ path }: { path: string }) {
  return (
    <svg className={rowClasses.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/** ButtonBase's reset of a native button (its focus ring aside). */
const buttonReset = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  boxSizing: 'border-box',
  WebkitTapHighlightColor: 'transparent',
  backgroundColor: 'transparent',
  // No `outline: 0`: the focus ring is the theme's (FOCUS_RING_CLASS) or the row's own.
  border: 0,
  margin: 0,
  borderRadius: 0,
  padding: 0,
  cursor: 'pointer',
  userSelect: 'none',
  verticalAlign: 'middle',
  appearance: 'none',
  textDecoration: 'none',
  color: 'inherit',
} as const;

/** The rows' styles, given once to the sidebar that holds them. */
export const rowStyles = (theme: Theme) => ({
  [`& .${rowClasses.row}`]: { display: 'flex', alignItems: 'center' },
  [`& .${rowClasses.field}`]: {
    ...buttonReset,
    flex: 1,
    minWidth: 0,
    justifyContent: 'flex-start',
    px: 0.5,
    py: 0.25,
    borderRadius: 1,
    typography: 'body2',
    textAlign: 'left',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
  },
  // IconButton, size small, with the padding the sidebar gave it.
  [`& .${rowClasses.visualise}`]: {
    ...buttonReset,
    textAlign: 'center',
    flex: '0 0 auto',
    fontSize: theme.typography.pxToRem(18),
    p: 0.25,
    borderRadius: '50%',
    color: 'action.active',
    transition: theme.transitions.create('background-color', {
      duration: theme.transitions.duration.shortest,
    }),
    '&:hover': { bgcolor: 'action.hover', '@media (hover: none)': { bgcolor: 'transparent' } },
  },
  [`& .${rowClasses.icon}`]: {
    userSelect: 'none',
    width: '1em',
    height: '1em',
    display: 'inline-block',
    flexShrink: 0,
    fill: 'currentColor',
    transition: theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
  },
  [`& .${rowClasses.field} .${rowClasses.icon}`]: { fontSize: theme.typography.pxToRem(20) },
});
