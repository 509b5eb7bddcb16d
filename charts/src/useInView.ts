/**
 * Whether an element is in the viewport or near it (issue 42: a chart below the fold is drawn when
 * it comes into view, not with the page's first render; a page of six charts at 1350 × 940 draws
 * four at its load). One IntersectionObserver for every chart; where there is none (jsdom, an old
 * browser) every element counts as in view, so every chart draws at once as before.
 */
import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport an element already counts as in view: drawn before it shows. */
const NEAR = '50px 0px';

const watchers = new Map<Element, (inView: boolean) => void>();
let observer: IntersectionObserver | null = null;

function watch(element: Element, onChange: (inView: boolean) => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: NEAR },
  );
  watchers.set(element, onChange);
  observer.observe(element);
  return () => {
    watchers.delete(element);
    observer?.unobserve(element);
  };
}

const observable = (): boolean => typeof IntersectionObserver === 'function';

export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(!observable());
  useEffect(() => {
    const element = ref.current;
    if (!element || !observable()) return;
    return watch(element, setInView);
  }, [ref]);
  return inView;
}
