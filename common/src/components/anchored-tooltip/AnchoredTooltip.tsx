/**
 * Tooltips that cost nothing until they are used (issue 42). A MUI `Tooltip` around a button is
 * about twenty components (its Popper and transition among them), and it renders again in the
 * task that mounts it, because it keeps its child's node as state, set from a ref in the commit:
 * a dashboard's twelve panel tools were 231 components drawn twice in the page's mount task, the
 * web logs' 39 Visualise buttons more. Here a button carries four handlers, and MUI's Tooltip is
 * made the first time the pointer rests on it or the keyboard reaches it, placed at the button
 * (a Popper's `anchorEl`): it looks and waits as MUI's does.
 */
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { Tooltip } from '@mui/material';

/** MUI Tooltip's default wait before it shows on hover. */
const ENTER_DELAY_MS = 100;

/** Where a tooltip is: the element it points at (none until first shown), and whether it shows. */
export interface TooltipAt {
  anchor: HTMLElement | null;
  open: boolean;
}

/** What an element spreads to show the tooltip at itself. */
export interface TooltipHandlers {
  onMouseEnter: (e: MouseEvent<HTMLElement>) => void;
  onMouseLeave: () => void;
  onFocus: (e: FocusEvent<HTMLElement>) => void;
  onBlur: () => void;
}

/**
 * Where the tooltip is, and the handlers an element spreads to show it there: on hover after MUI's
 * enter delay, on keyboard focus at once; hidden when the pointer or focus leaves (so the next
 * element hovered waits the delay again, where MUI's own tooltips open the next one at once).
 * Elements sharing the handlers share the tooltip (one for a list of like buttons).
 */
export function useAnchoredTooltip(): [TooltipAt, TooltipHandlers] {
  const [at, setAt] = useState<TooltipAt>({ anchor: null, open: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [handlers] = useState<TooltipHandlers>(() => {
    const show = (anchor: HTMLElement, delay: boolean) => {
      clearTimeout(timer.current);
      const open = () => {
        shown.current = true;
        setAt({ anchor, open: true });
      };
      // Already shown (focused by keyboard, then hovered): it moves at once.
      if (delay && !shown.current) timer.current = setTimeout(open, ENTER_DELAY_MS);
      else open();
    };
    const hide = () => {
      clearTimeout(timer.current);
      if (!shown.current) return;
      shown.current = false;
      // The anchor stays while the tooltip fades out.
      setAt((current) => ({ ...current, open: false }));
    };
    return {
      onMouseEnter: (e) => show(e.currentTarget, true),
      onMouseLeave: hide,
      onFocus: (e) => {
        if (e.currentTarget.matches(':focus-visible')) show(e.currentTarget, false);
      },
      onBlur: hide,
    };
  });
  return [at, handlers];
}

/**
 * MUI's Tooltip showing `title` at the element `at` names; nothing before it is first shown. The
 * element keeps its own accessible name (an `aria-label`): the tooltip repeats it for the eye.
 */
export function AnchoredTooltip({ at, title }: { at: TooltipAt; title: string }) {
  if (!at.anchor) return null;
  return (
    <Tooltip
      title={title}
      open={at.open}
      describeChild
      disableHoverListener
      disableFocusListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: at.anchor } }}
    >
      <span />
    </Tooltip>
  );
}

/** The handlers a child of LazyTooltip may have of its own. */
interface ChildHandlers {
  onMouseEnter?: (e: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (e: MouseEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
}

/**
 * One element's tooltip, made on first use: `<LazyTooltip title="…"><IconButton aria-label="…" />`
 * in place of MUI's `<Tooltip title="…">`. The child gets the handlers (its own, if it has any,
 * still run); a disabled button goes inside a `span`, as with MUI's, since it gets no pointer events.
 */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement<ChildHandlers> }) {
  const [at, handlers] = useAnchoredTooltip();
  const own = children.props;
  return (
    <>
      {cloneElement(children, {
        onMouseEnter: (e) => {
          own.onMouseEnter?.(e);
          handlers.onMouseEnter(e);
        },
        onMouseLeave: (e) => {
          own.onMouseLeave?.(e);
          handlers.onMouseLeave();
        },
        onFocus: (e) => {
          own.onFocus?.(e);
          handlers.onFocus(e);
        },
        onBlur: (e) => {
          own.onBlur?.(e);
          handlers.onBlur();
        },
      } satisfies ChildHandlers)}
      <AnchoredTooltip at={at} title={title} />
    </>
  );
}
