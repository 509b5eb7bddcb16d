/**
 * The two waits for a paint (afterNextPaint.ts): `afterNextPaint` runs in the task after the next
 * frame, `afterNextFrameShown` only after the frame after that, once the first has been shown.
 */
import { afterNextFrameShown, afterNextPaint } from './afterNextPaint';
import { handRunFrames } from './handRunFrames';

describe('waiting for a paint', () => {
  let browser: ReturnType<typeof handRunFrames>;
  beforeEach(() => {
    browser = handRunFrames();
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
