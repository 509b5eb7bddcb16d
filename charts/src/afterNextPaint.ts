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

/**
 * Runs `run` in a task once the browser's next frame has been shown, and returns what cancels it.
 * A frame is shown (presented, the time the largest-contentful-paint entry records) after the task
 * that follows it, so `afterNextPaint` can still run before the user sees the frame; the next
 * frame's callback comes after that. For work that competes with a page's first view: a heavy
 * chunk asked for here is fetched and evaluated after the view is on the screen, not ahead of it.
 */
export function afterNextFrameShown(run: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') return afterNextPaint(run);
  let cancelRest = () => {};
  const frame = requestAnimationFrame(() => {
    cancelRest = afterNextPaint(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelRest();
  };
}
