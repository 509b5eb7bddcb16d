/**
 * Benchmark of the PEM validator (issue 10, finding 10 point 1): prints how long pemCertificate
 * takes on pastes of stray BEGIN lines and on valid chains of growing length, and the ratio of
 * each time to the previous one (about 2 for a doubled input when the scan is linear; about 4 was
 * the quadratic regex scan it replaced). Run: `npx tsx common/src/validators/certificates.bench.ts`.
 * It prints figures only and asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { PEM_MAX_LENGTH, pemCertificate } from './certificates';

const RUNS = 21;

const body = (
  Buffer.from(Array.from({ length: 1200 }, (_, i) => i % 256))
    .toString('base64')
    .match(/.{1,64}/g) ?? []
).join('\n');
const block = `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
const stray = '-----BEGIN CERTIFICATE-----\nAAAA\n';

function fill(unit: string, length: number): string {
  return unit.repeat(Math.floor(length / unit.length));
}

function medianMs(text: string): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    pemCertificate(text);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const cases: Array<[string, string]> = [];
for (const length of [PEM_MAX_LENGTH / 8, PEM_MAX_LENGTH / 4, PEM_MAX_LENGTH / 2, PEM_MAX_LENGTH]) {
  cases.push([`stray BEGIN lines, ${length} chars`, fill(stray, length)]);
}
for (const length of [PEM_MAX_LENGTH / 8, PEM_MAX_LENGTH / 4, PEM_MAX_LENGTH / 2, PEM_MAX_LENGTH]) {
  cases.push([`valid chain, ${length} chars`, fill(block, length)]);
}
cases.push(['stray BEGIN lines, 4 MiB chars (beyond the cap)', fill(stray, 4 * 1024 * 1024)]);

let previous: { label: string; ms: number } | null = null;
for (const [label, text] of cases) {
  const ms = medianMs(text);
  const sameKind = previous !== null && previous.label.split(',')[0] === label.split(',')[0];
  const ratio =
    sameKind && previous !== null && previous.ms > 0 ? ` (×${(ms / previous.ms).toFixed(2)})` : '';
  console.log(`${label}: ${pemCertificate(text) ?? 'valid'}, median ${ms.toFixed(3)} ms of ${RUNS}${ratio}`);
  previous = { label, ms };
}
