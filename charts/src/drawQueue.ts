/**
 * The charts' draws, each in a task of its own after the page has painted (issue 42: a chart's
 * first draw is 100-300 ms of layout and canvas work; drawn inside React's commit, every chart of a
 * page added to one long task before the page showed anything). A draw waits for the next frame,
 * then runs in a task after it; the next queued draw gets the task after that, so the browser paints
 * and handles input between two charts.
 */
import { afterNextPaint } from './afterNextPaint';

type Draw = () => void;

const queue: { draw: Draw }[] = [];
let running = false;

function drawNext(): void {
  const entry = queue.shift();
  try {
    entry?.draw();
  } finally {
    if (queue.length > 0) setTimeout(drawNext, 0);
    else running = false;
  }
}

/** Queues `draw`; the function returned takes it out again if it has not run yet. */
export function scheduleDraw(draw: Draw): () => void {
  const entry = { draw };
  queue.push(entry);
  if (!running) {
    running = true;
    afterNextPaint(drawNext);
  }
  return () => {
    const at = queue.indexOf(entry);
    if (at >= 0) queue.splice(at, 1);
  };
}
