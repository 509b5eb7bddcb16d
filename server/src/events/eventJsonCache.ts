/**
 * The logs API's JSON text of recently read events, by event id, least recently used first out.
 *
 * An event never changes once stored, so its JSON text stays valid as long as the event exists;
 * a deleted event is never asked for again (the keys query that precedes every lookup no longer
 * finds it). A block of logs is read as its keys first (a cheap statement: DuckDB plans a
 * statement with parameters again on every run, and planning the JSON of ~40 columns cost more
 * than reading them), then only the events not held here are read in full. The blocks analysts
 * read again (the newest events, the page a colleague opened, paging back) cost the keys only.
 */
export class EventJsonCache {
  private readonly texts = new Map<number, string>();
  private chars = 0;

  /** @param maxChars the budget in UTF-16 code units (about 2 bytes each). */
  constructor(private readonly maxChars: number) {}

  get size(): number {
    return this.texts.size;
  }

  /** The event's JSON text, marking it as recently used; undefined when not held. */
  get(id: number): string | undefined {
    const text = this.texts.get(id);
    if (text !== undefined) {
      this.texts.delete(id);
      this.texts.set(id, text);
    }
    return text;
  }

  set(id: number, text: string): void {
    const old = this.texts.get(id);
    if (old !== undefined) {
      this.chars -= old.length;
      this.texts.delete(id);
    }
    if (text.length > this.maxChars) return;
    this.texts.set(id, text);
    this.chars += text.length;
    for (const [oldest, oldText] of this.texts) {
      if (this.chars <= this.maxChars) break;
      this.texts.delete(oldest);
      this.chars -= oldText.length;
    }
  }

  clear(): void {
    this.texts.clear();
    this.chars = 0;
  }
}
