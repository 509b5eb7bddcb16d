/**
 * Writes the apps' icons from one drawing: the product mark (a white W on a rounded square; the
 * portal's in its primary blue, the console's in teal, so the two tabs tell apart), as
 * `public/favicon.svg` (what the pages link) and `public/favicon.ico` (16 and 32 px, for what asks
 * for /favicon.ico itself) of tenant-portal and provider-console. Vite copies public/ into dist/.
 *
 *   node scripts/favicons.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The drawing, on a 32 × 32 grid: the square's corner radius and the W's stroke. */
const RADIUS = 7;
const W_POINTS = [
  [7, 10],
  [11.5, 23],
  [16, 13],
  [20.5, 23],
  [25, 10],
];
const STROKE = 3.4;

const APPS = [
  { dir: 'tenant-portal', colour: '#1f4e79' },
  { dir: 'provider-console', colour: '#00695c' },
];

const svgOf = (colour) =>
  [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `<rect width="32" height="32" rx="${RADIUS}" fill="${colour}"/>`,
    `<polyline points="${W_POINTS.map((p) => p.join(',')).join(' ')}" fill="none" stroke="#fff"`,
    ` stroke-width="${STROKE}" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</svg>',
    '',
  ].join('');

const inRoundedSquare = (x, y) => {
  const cx = Math.min(Math.max(x, RADIUS), 32 - RADIUS);
  const cy = Math.min(Math.max(y, RADIUS), 32 - RADIUS);
  return x >= 0 && x <= 32 && y >= 0 && y <= 32 && (x - cx) ** 2 + (y - cy) ** 2 <= RADIUS ** 2;
};

const distanceToSegment = (x, y, [ax, ay], [bx, by]) => {
  const t = Math.max(
    0,
    Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)),
  );
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
};

const onW = (x, y) => W_POINTS.slice(1).some((b, i) => distanceToSegment(x, y, W_POINTS[i], b) <= STROKE / 2);

/** The drawing at `size` px, 4 × 4 samples a pixel: BGRA rows, bottom row first (as a BMP holds them). */
function pixels(size, colour) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const out = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py += 1)
    for (let px = 0; px < size; px += 1) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < n; sy += 1)
        for (let sx = 0; sx < n; sx += 1) {
          const x = ((px + (sx + 0.5) / n) * 32) / size;
          const y = ((py + (sy + 0.5) / n) * 32) / size;
          if (!inRoundedSquare(x, y)) continue;
          cover += 1;
          if (onW(x, y)) white += 1;
        }
      const mix = (c) => Math.round(cover ? (c * (cover - white) + 255 * white) / cover : 0);
      const at = ((size - 1 - py) * size + px) * 4;
      out[at] = mix(b);
      out[at + 1] = mix(g);
      out[at + 2] = mix(r);
      out[at + 3] = Math.round((255 * cover) / (n * n));
    }
  return out;
}

/** An ICO of 32-bit BMP images (with the all-zero AND mask the format still wants). */
function icoOf(colour, sizes) {
  const images = sizes.map((size) => {
    const header = Buffer.alloc(40);
    header.writeUInt32LE(40, 0);
    header.writeInt32LE(size, 4);
    header.writeInt32LE(size * 2, 8); // the colour and the mask, one above the other
    header.writeUInt16LE(1, 12);
    header.writeUInt16LE(32, 14);
    const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size);
    return { size, data: Buffer.concat([header, pixels(size, colour), mask]) };
  });
  const dir = Buffer.alloc(6 + 16 * images.length);
  dir.writeUInt16LE(1, 2);
  dir.writeUInt16LE(images.length, 4);
  let offset = dir.length;
  images.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    dir.writeUInt8(size, e);
    dir.writeUInt8(size, e + 1);
    dir.writeUInt16LE(1, e + 4);
    dir.writeUInt16LE(32, e + 6);
    dir.writeUInt32LE(data.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([dir, ...images.map((i) => i.data)]);
}

for (const { dir, colour } of APPS) {
  const pub = path.join(root, dir, 'public');
  fs.mkdirSync(pub, { recursive: true });
  fs.writeFileSync(path.join(pub, 'favicon.svg'), svgOf(colour));
  fs.writeFileSync(path.join(pub, 'favicon.ico'), icoOf(colour, [16, 32]));
  console.log(`${dir}/public: favicon.svg, favicon.ico`);
}
