import type { NewEvent } from '../src/events/eventStore';
import type { LogType } from '@workbench/common/api/contract/logSchema';

/**
 * The generator's events in rounds of at least `roundEvents`, each round a list of batches of one
 * log type and at most `batchSize` events (as each log's collector would ship them); the last round
 * also takes every partly filled batch. Generation happens inside `next()`, so a bench times it there.
 */
export function* batchedRounds(
  generator: Iterator<NewEvent[]>,
  roundEvents: number,
  batchSize: number,
): Generator<{ batches: NewEvent[][]; last: boolean }> {
  const pending = new Map<LogType, NewEvent[]>();
  for (let done = false; !done;) {
    const round: NewEvent[][] = [];
    for (let events = 0; events < roundEvents;) {
      const next = generator.next();
      if (next.done) {
        done = true;
        break;
      }
      events += next.value.length;
      for (const event of next.value) {
        let list = pending.get(event.logType);
        if (!list) pending.set(event.logType, (list = []));
        list.push(event);
        if (list.length === batchSize) {
          round.push(list);
          pending.set(event.logType, []);
        }
      }
    }
    if (done) for (const list of pending.values()) if (list.length > 0) round.push(list);
    yield { batches: round, last: done };
  }
}
