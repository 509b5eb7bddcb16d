/**
 * A positive whole number from the environment (underscores allowed: 10_000_000), else the
 * fallback; with `zero`, 0 is accepted too (a part of a bench left out).
 */
export function envNumber(name: string, fallback: number, zero = false): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < (zero ? 0 : 1))
    throw new Error(`${name} must be a ${zero ? 'non-negative' : 'positive'} whole number, got "${text}".`);
  return n;
}
