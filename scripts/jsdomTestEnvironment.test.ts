/**
 * The UI suites' getComputedStyle (scripts/jsdomTestEnvironment.cjs) answers what jsdom's own
 * answers: every property, by name and through getPropertyValue, for elements with inherited,
 * inline, `currentcolor` and `!important` styles, in any order of reading.
 */
import { JSDOM } from 'jsdom';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { installLazyComputedStyle } = require('./jsdomTestEnvironment.cjs') as {
  installLazyComputedStyle: (window: Window) => void;
};

const HTML = `<!doctype html><html><head><style>
  .outer { color: rgb(10, 20, 30); visibility: hidden; pointer-events: none; border-top-color: red; }
  .inner { visibility: visible; width: 120px; padding-left: 4px; box-sizing: border-box; border: 2px solid currentcolor; }
  .inner span { display: none; background-color: #00ff00 !important; outline-color: blue; }
  @media screen { .wide { margin-left: 7px; caret-color: rgb(1, 2, 3); } }
</style></head><body>
  <div class="outer" id="outer"><div class="inner wide" id="inner" style="height: 30px; color: purple">
    <span id="leaf" style="pointer-events: auto">x</span></div></div>
  <p id="plain">plain</p>
</body></html>`;

const PROPERTIES = [
  'display',
  'visibility',
  'pointer-events',
  'color',
  'background-color',
  'border-top-color',
  'border-left-color',
  'outline-color',
  'caret-color',
  'width',
  'height',
  'padding-left',
  'margin-left',
  'box-sizing',
  'border-top-width',
  'border',
  'border-top',
  'border-color',
];
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function windows() {
  const plain = new JSDOM(HTML).window as unknown as Window;
  const lazy = new JSDOM(HTML).window as unknown as Window;
  installLazyComputedStyle(lazy);
  return { plain, lazy };
}

/** Everything a caller can read of a computed style, read in the given order. */
function readAll(style: CSSStyleDeclaration, order: string[]): Record<string, unknown> {
  const seen: Record<string, unknown> = {};
  for (const name of order) {
    seen[`get ${name}`] = style.getPropertyValue(name);
    seen[`priority ${name}`] = style.getPropertyPriority(name);
    seen[`.${camel(name)}`] = (style as unknown as Record<string, unknown>)[camel(name)];
  }
  seen.length = style.length;
  seen.items = Array.from({ length: style.length }, (_, i) => style.item(i));
  seen.cssText = style.cssText;
  return seen;
}

describe('the UI suites’ getComputedStyle', () => {
  it.each(['outer', 'inner', 'leaf', 'plain'])(
    'answers what jsdom answers for #%s, read in any order',
    (id) => {
      const { plain, lazy } = windows();
      const expected = readAll(plain.getComputedStyle(plain.document.getElementById(id)!), PROPERTIES);
      expect(expected['get visibility']).not.toBe('');
      for (const order of [PROPERTIES, [...PROPERTIES].reverse()]) {
        const style = lazy.getComputedStyle(lazy.document.getElementById(id)!);
        expect(readAll(style, order)).toEqual(expected);
      }
    },
  );

  it('a layout read first, then the whole: the same values and order as jsdom’s', () => {
    const { plain, lazy } = windows();
    const style = lazy.getComputedStyle(lazy.document.getElementById('inner')!);
    expect(style.width).toBe('120px');
    expect(style.getPropertyValue('box-sizing')).toBe('border-box');
    expect(style.visibility).toBe('visible');
    const original = plain.getComputedStyle(plain.document.getElementById('inner')!);
    expect(Array.from(style)).toEqual(Array.from(original));
    expect(style.cssText).toBe(original.cssText);
  });

  it('inherits what jsdom inherits: a hidden ancestor, pointer-events and colours', () => {
    const { lazy } = windows();
    const leaf = lazy.getComputedStyle(lazy.document.getElementById('leaf')!);
    expect(leaf.display).toBe('none');
    expect(leaf.visibility).toBe('visible');
    expect(leaf.pointerEvents).toBe('auto');
    expect(leaf.color).toBe('rgb(128, 0, 128)');
    expect(lazy.getComputedStyle(lazy.document.getElementById('outer')!).pointerEvents).toBe('none');
  });

  it('leaves non-elements and pseudo-elements to jsdom', () => {
    const { lazy } = windows();
    expect(() => lazy.getComputedStyle({} as Element)).toThrow(TypeError);
    const text = lazy.document.getElementById('leaf')!.firstChild as unknown as Element;
    expect(() => lazy.getComputedStyle(text)).toThrow(TypeError);
  });
});
