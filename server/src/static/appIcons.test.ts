/**
 * Every page of both apps names its icon, and the icon is there (issue 31: /favicon.ico answered
 * 404 on every page). Vite copies each app's public/ into its dist/, which staticApps.ts serves.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const PAGES = ['tenant-portal/index.html', 'tenant-portal/login/index.html', 'provider-console/index.html'];

test.each(PAGES)('%s links the app’s icons, which its public/ holds', (page) => {
  const html = fs.readFileSync(path.join(root, page), 'utf8');
  const app = page.split('/')[0];
  const icons = [...html.matchAll(/<link rel="icon" href="\/([^"]+)"/g)].map((m) => m[1]);
  expect(icons.sort()).toEqual(['favicon.ico', 'favicon.svg']);
  const ico = fs.readFileSync(path.join(root, app, 'public', 'favicon.ico'));
  // An ICO directory (reserved 0, type 1) of 16 and 32 px images.
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  expect([ico.readUInt8(6), ico.readUInt8(22)]).toEqual([16, 32]);
  const svg = fs.readFileSync(path.join(root, app, 'public', 'favicon.svg'), 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32">/);
});
