// The UI suites' jest environment: jest-environment-jsdom with a cheaper window.getComputedStyle.
//
// jsdom's getComputedStyle copies the element's cascaded declarations and then, on every call,
// resolves 15 properties (visibility, pointer-events and the colour properties). Most of those
// are inherited or `currentcolor`, so each one walks the element's ancestors to the root, parsing
// colours on the way; and any change to the document drops jsdom's style cache, so a call after a
// change also recomputes every ancestor's cascade. AG Grid measures its viewport hundreds of times
// per test (width, padding, border and box-sizing only), interleaved with its own DOM writes, and
// dom-accessibility-api reads only `display` of each child: measured, 1,665 viewport reads took
// 6.2 s of RulesSection.test's CPU, and getComputedStyle ~16 % of the heavy UI suites' CPU.
//
// Here the cascaded declarations are copied at the call as before (the same function of jsdom),
// and the resolved properties are computed when first read, by jsdom's own getResolvedValue: a
// read of one of them by name resolves that one alone; anything else that could see them (length,
// item, cssText, iteration, the shorthands and other colour properties, any write) resolves all 15
// first, in jsdom's order. What a caller reads is what jsdom's getComputedStyle answers; the one
// difference is when: a resolved property read after the document changed reflects the change (as
// a browser's live computed style does), where jsdom's copy kept the value of the call.
// Its test: scripts/jsdomTestEnvironment.test.ts.
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-jsdom');

// The jsdom that jest-environment-jsdom loads, and its internals (the same module instances).
const fromEnvironment = { paths: [path.dirname(require.resolve('jest-environment-jsdom'))] };
const jsdomRoot = path.dirname(require.resolve('jsdom/package.json', fromEnvironment));
const styleRules = require(path.join(jsdomRoot, 'lib/jsdom/living/helpers/style-rules.js'));
const idlUtils = require(path.join(jsdomRoot, 'lib/jsdom/living/generated/utils.js'));
const { CSSStyleDeclaration } = require(require.resolve('cssstyle', { paths: [jsdomRoot] }));

const { getDeclarationForElement, getResolvedValue, propertiesWithResolvedValueImplemented } = styleRules;
if (typeof getDeclarationForElement !== 'function' || typeof getResolvedValue !== 'function') {
  throw new Error(
    'jsdomTestEnvironment: jsdom no longer exports getDeclarationForElement/getResolvedValue from style-rules.js; update or remove this speed-up',
  );
}
const RESOLVED = Object.keys(propertiesWithResolvedValueImplemented);
const RESOLVED_SET = new Set(RESOLVED);

/** `borderTopWidth` -> `border-top-width`; a dashed name stays as it is. */
function dashed(name) {
  return name.includes('-') ? name.toLowerCase() : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Layout properties whose value no resolved property can change (they are neither one of them nor
 * a shorthand over one): these read the copied cascade without resolving anything.
 */
const INDEPENDENT =
  /^(display|position|box-sizing|(min-|max-)?(width|height)|(padding|margin)(-(top|right|bottom|left))?|border(-(top|right|bottom|left))?-width|overflow(-[xy])?|z-index|top|right|bottom|left|transform|direction|content)$/;

function classify(key) {
  if (typeof key !== 'string') return 'all';
  const name = dashed(key);
  if (RESOLVED_SET.has(name)) return name;
  return INDEPENDENT.test(name) ? 'none' : 'all';
}

function lazyComputedStyle(elementImpl) {
  const declaration = new CSSStyleDeclaration();
  const cascaded = getDeclarationForElement(elementImpl);
  for (let i = 0; i < cascaded.length; i++) {
    const property = cascaded[i];
    declaration.setProperty(
      property,
      cascaded.getPropertyValue(property),
      cascaded.getPropertyPriority(property),
    );
  }
  let resolvedAll = false;
  /** One resolved property, read from a declaration of its own (cssstyle's reading of the value). */
  const single = new Map();
  const resolveAll = () => {
    if (resolvedAll) return;
    resolvedAll = true;
    for (const property of RESOLVED)
      declaration.setProperty(property, getResolvedValue(elementImpl, property));
  };
  const one = (property) => {
    let alone = single.get(property);
    if (!alone) {
      alone = new CSSStyleDeclaration();
      alone.setProperty(property, getResolvedValue(elementImpl, property));
      single.set(property, alone);
    }
    return alone;
  };
  /** The declaration that answers a read of `key` (a resolved property alone, or the whole). */
  const holderFor = (key) => {
    const kind = classify(key);
    if (kind === 'none' || resolvedAll) return declaration;
    if (kind === 'all') {
      resolveAll();
      return declaration;
    }
    return one(kind);
  };
  const byName = {
    getPropertyValue: (name) => holderFor(String(name)).getPropertyValue(name),
    getPropertyPriority: (name) => holderFor(String(name)).getPropertyPriority(name),
  };
  const everything = () => {
    resolveAll();
    return declaration;
  };
  return new Proxy(declaration, {
    get(_target, key) {
      if (key === 'getPropertyValue' || key === 'getPropertyPriority') return byName[key];
      const holder = holderFor(key);
      const value = Reflect.get(holder, key, holder);
      return typeof value === 'function' ? value.bind(holder) : value;
    },
    set: (_target, key, value) => Reflect.set(everything(), key, value, declaration),
    has: (_target, key) => Reflect.has(everything(), key),
    ownKeys: () => Reflect.ownKeys(everything()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(everything(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(everything(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(everything(), key),
  });
}

/** Puts the lazy getComputedStyle on a jsdom window; pseudo-elements and non-elements go to jsdom's. */
function installLazyComputedStyle(window) {
  const original = window.getComputedStyle;
  window.getComputedStyle = function getComputedStyle(element, pseudoElement) {
    if ((pseudoElement !== undefined && pseudoElement !== null) || !(element instanceof window.Element)) {
      return original.call(this, element, pseudoElement);
    }
    return lazyComputedStyle(idlUtils.implForWrapper(element));
  };
}

class WorkbenchJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    installLazyComputedStyle(this.global);
  }
}

module.exports = WorkbenchJsdomEnvironment;
module.exports.installLazyComputedStyle = installLazyComputedStyle;
