/** A positive whole number from the environment (underscores allowed: 10_000_000), else the fallback. */
export function envNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, got "${text}".`);
  return n;
}
