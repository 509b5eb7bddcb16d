import { EventJsonCache } from './eventJsonCache';

describe('EventJsonCache', () => {
  it('keeps texts within its budget, least recently used out first', () => {
    const cache = new EventJsonCache(10);
    cache.set(1, 'aaaa');
    cache.set(2, 'bbbb');
    expect(cache.get(1)).toBe('aaaa'); // 1 is now the most recently used
    cache.set(3, 'cccc'); // 12 > 10: the least recently used (2) goes
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe('aaaa');
    expect(cache.get(3)).toBe('cccc');
    expect(cache.size).toBe(2);
  });

  it('replaces a text in place and never holds one larger than the budget', () => {
    const cache = new EventJsonCache(10);
    cache.set(1, 'aaaa');
    cache.set(1, 'aaaaaaaa');
    cache.set(2, 'bb');
    expect([cache.get(1), cache.get(2)]).toEqual(['aaaaaaaa', 'bb']);
    cache.set(3, 'x'.repeat(11));
    expect(cache.get(3)).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
