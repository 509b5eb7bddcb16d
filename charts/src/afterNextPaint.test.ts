/**
 * The two waits for a paint (afterNextPaint.ts): `afterNextPaint` runs in the task after the next
 * frame, `afterNextFrameShown` only after the frame after that, once the first has been shown.
 */
import { afterNextFrameShown, afterNextPaint } from './afterNextPaint';

/** The browser's frames, run by hand: each runs the callbacks asked for before it. */
function frames() {
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

describe('waiting for a paint', () => {
  let browser: ReturnType<typeof frames>;
  beforeEach(() => {
    browser = frames();
  });
  afterEach(() => browser.restore());

  test('afterNextPaint runs in the task after the next frame', async () => {
    const run = jest.fn();
    afterNextPaint(run);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(run).not.toHaveBeenCalled();
    await browser.next();
    expect(run).toHaveBeenCalledTimes(1);
  });

  test('afterNextFrameShown runs only after the frame that follows the next one', async () => {
    const run = jest.fn();
    afterNextFrameShown(run);
    await browser.next();
    expect(run).not.toHaveBeenCalled();
    await browser.next();
    expect(run).toHaveBeenCalledTimes(1);
  });

  test('cancelled before either frame, or between them, it does not run', async () => {
    const early = jest.fn();
    afterNextFrameShown(early)();
    const between = jest.fn();
    const cancel = afterNextFrameShown(between);
    await browser.next();
    cancel();
    await browser.next();
    await browser.next();
    expect(early).not.toHaveBeenCalled();
    expect(between).not.toHaveBeenCalled();
  });
});
