/** A count with its noun, singular for one: "1 event", "2,500 events" (issue 15: "1 event", not "1 events"). */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
