/**
 * Children drawn by a React root of their own inside this component's element (issue 42).
 *
 * React commits a tree by recursing through it, so code that a child's effects or ref callbacks
 * run (AG Grid setting each cell's classes one at a time) runs under a stack one or two frames
 * deep per component above it: ~200 frames under the portal's providers, shell and page. Chromium
 * takes that stack for every style invalidation while Lighthouse traces, which made the web logs'
 * first rows a 520-550 ms task in its trace (bench/README.md, "The logs grid in a React root of its
 * own"). In a root of their own the children's commits start at their own root.
 *
 * What the children lose is the outer tree's context (theme, store, router): give this only
 * children that need none. They are drawn in a task after the outer commit, and an error they throw
 * is thrown again here, so the outer tree's error boundary shows it.
 */
import { Component, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export interface IsolatedRootProps {
  /** Drawn by the root of their own; they must not need the outer tree's context. */
  children: ReactNode;
  /** The element's style (the children's root fills it). */
  style?: CSSProperties;
}

export function IsolatedRoot({ children, style }: IsolatedRootProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<Root | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useLayoutEffect(() => {
    // A container per mount: a root unmounts after the commit that removed it, so StrictMode's
    // second mount must not reuse its element.
    const container = document.createElement('div');
    container.style.height = '100%';
    hostRef.current?.appendChild(container);
    // The error is logged once, by the outer tree's boundary (HandOff passes it on).
    const root = createRoot(container, { onCaughtError: () => undefined });
    rootRef.current = root;
    return () => {
      rootRef.current = null;
      // React refuses to unmount a root synchronously inside another root's commit.
      queueMicrotask(() => {
        root.unmount();
        container.remove();
      });
    };
  }, []);
  useLayoutEffect(() => {
    rootRef.current?.render(<HandOff onError={(error) => setFailure({ error })}>{children}</HandOff>);
  });
  if (failure) throw failure.error;
  return <div ref={hostRef} style={style} />;
}

/** Catches the children's error in their own root and hands it to the outer tree. */
class HandOff extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
