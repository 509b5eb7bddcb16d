/**
 * The browser's frames run by hand, for tests of what waits for a paint (afterNextPaint.ts):
 * `requestAnimationFrame` queues its callbacks until `next()` runs them as one frame and then lets
 * the tasks set in them run. `restore()` gives the window its own frames back.
 */
export function handRunFrames() {
  let queued: FrameRequestCallback[] = [];
  const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    queued.push(callback);
    return queued.length;
  });
  const caf = jest.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
    queued[id - 1] = () => {};
  });
  return {
    /** Runs one frame's callbacks, then lets the tasks set in them run. */
    async next() {
      const now = queued;
      queued = [];
      now.forEach((callback) => callback(0));
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    restore() {
      raf.mockRestore();
      caf.mockRestore();
    },
  };
}
