import { safeReturnPath } from './returnUrl';

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
