/**
 * Runs `run` in a task after the browser's next paint, and returns what cancels it. A frame
 * callback runs before the frame's style, layout and paint; a timeout set in it runs after them, so
 * what `run` reads of the layout is already computed and what it changes starts no forced layout of
 * the elements the page has just added (issue 42: such layouts inside a script made the long tasks
 * of Lighthouse's trace).
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
