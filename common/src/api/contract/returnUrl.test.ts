import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { returnUrlOf, safeReturnPath } from './returnUrl';

test.each(['/', '/logs/web?interval=7d', '/#/logs', '/tenants/acme?tab=users'])('%j is followed', (path) => {
  expect(safeReturnPath(path)).toBe(path);
});

test.each([
  null,
  undefined,
  '',
  '//evil.example/x',
  '/\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  'logs',
  '/logs\nSet-Cookie: x=1',
  '/logs\u0000',
  '/logs\u007f',
])('%j is not followed', (value) => {
  expect(safeReturnPath(value)).toBeNull();
});

describe('returnUrlOf: the one reader of the returnUrl parameter', () => {
  test.each([
    ['returnUrl=%2Flogs%2Fweb', '/logs/web'],
    ['?returnUrl=/settings', '/settings'],
    ['timeout=true&returnUrl=%2F%23%2Fpolicy', '/#/policy'],
    ['returnUrl=https%3A%2F%2Fevil.example', null],
    ['returnUrl=%2F%2Fevil.example', null],
    ['', null],
  ])('%j → %j', (query, expected) => {
    expect(returnUrlOf(query)).toBe(expected);
    expect(returnUrlOf(new URLSearchParams(query))).toBe(expected);
  });

  // A second reader would be a second place that may forget the check: the apps and the server
  // read the parameter only through returnUrlOf.
  test('no other source file reads the parameter', () => {
    const root = join(__dirname, '../../../..');
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const path = join(dir, e.name);
        if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
        return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
      });
    const readers = ['common/src', 'tenant-portal/src', 'provider-console/src', 'server/src']
      .flatMap((dir) => sources(join(root, dir)))
      .filter((file) =>
        /\.get\(\s*(['"`]returnUrl['"`]|RETURN_URL_PARAM)\s*\)/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(root, file));
    expect(readers).toEqual(['common/src/api/contract/returnUrl.ts']);
  });
});
