/**
 * A time chart's change markers as text under it, oldest first, each a button when it opens its
 * revision: the canvas's lines are neither focusable nor read, this list is (and a test reads it).
 * No ECharts here, so tests that stand in for the canvas draw the real list.
 */
import {
  changeMarkerKind,
  changeMarkerText,
  CHANGE_MARKER_STYLE,
  type ChangeMarker,
} from './options/changeMarkers';

/** The accessible name of a chart's list of change markers. */
export const CHANGE_MARKERS_LABEL = 'Policy changes in this range';

export function ChangeMarkerList({
  markers,
  onOpen,
  formatTime,
}: {
  markers: readonly ChangeMarker[];
  onOpen?: (revId: number) => void;
  formatTime?: (ms: number) => string;
}) {
  const ordered = [...markers].sort((a, b) => a.at - b.at);
  return (
    <ul
      aria-label={CHANGE_MARKERS_LABEL}
      style={{ listStyle: 'none', margin: '4px 0 0', padding: 0, fontSize: 12 }}
    >
      {ordered.map((m) => {
        const kind = changeMarkerKind(m);
        const text = changeMarkerText(m, formatTime);
        const mark = (
          <span aria-hidden style={{ color: CHANGE_MARKER_STYLE[kind].color, marginRight: 4 }}>
            {kind === 'rollback' ? '\u21b6' : '\u25c6'}
          </span>
        );
        return (
          <li key={m.revId} data-change-marker={m.revId} data-change-kind={kind}>
            {onOpen ? (
              <button
                type="button"
                onClick={() => onOpen(m.revId)}
                style={{
                  background: 'none',
                  border: 0,
                  padding: 0,
                  cursor: 'pointer',
                  color: 'inherit',
                  font: 'inherit',
                  textAlign: 'left',
                  textDecoration: 'underline',
                }}
              >
                {mark}
                {text}
              </button>
            ) : (
              <>
                {mark}
                {text}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
