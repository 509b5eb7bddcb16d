/**
 * Test-only speed-up of jsdom's getComputedStyle (installed by jest.setup.ts).
 *
 * jsdom computes a style by matching every stylesheet rule against the element and, for inherited
 * properties (visibility, color), against each of its ancestors, through nwsapi, whose per-call
 * cost is high (it re-hashes the selector text, and re-parses and searches the subtree for each
 * `:has()`, which MUI's Select styles use). MUI's TextareaAutosize, AG Grid's width measurements,
 * testing-library's role and name queries and user-event's pointer-events check all call it, so it
 * was most of the UI suites' CPU time. A rule can only match an element that has every class its
 * selector's last compound names outside parentheses; this rejects the others before nwsapi sees
 * them. It never says "matches": whatever it does not reject, nwsapi decides as before.
 */

/** What the subject of one selector branch must be: its tag (lower case) and classes. */
interface Subject {
  tag: string | null;
  classes: string[];
}

/** Per branch of a selector list, or null where this check is unsure (nwsapi alone decides). */
type Requirement = Subject[] | null;

const requirements = new Map<string, Requirement>();

/** Splits at top-level occurrences of the given characters (outside (), [] and quotes). */
function splitTopLevel(text: string, at: (ch: string) => boolean): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    // Escapes, strings and namespaces: leave them to nwsapi.
    if (ch === '\\' || ch === '"' || ch === "'" || ch === '|') return null;
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0 && at(ch)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return null;
  parts.push(text.slice(start));
  return parts;
}

/** The tag and the classes a compound selector names at its top level: `p.a.b:not(.c)` -> p, [a, b]. */
function subjectOf(compound: string): Subject {
  const tag = /^[a-zA-Z][\w-]*/.exec(compound);
  const classes: string[] = [];
  let depth = 0;
  for (let i = 0; i < compound.length; i++) {
    const ch = compound[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0 && ch === '.') {
      const name = /^[\w-]+/.exec(compound.slice(i + 1));
      if (name) classes.push(name[0]);
    }
  }
  return { tag: tag ? tag[0].toLowerCase() : null, classes };
}

export function selectorRequirement(selector: string): Requirement {
  let known = requirements.get(selector);
  if (known !== undefined) return known;
  known = null;
  const branches = splitTopLevel(selector, (ch) => ch === ',');
  if (branches) {
    const subjects: Subject[] = [];
    for (const branch of branches) {
      const compounds = splitTopLevel(
        branch.trim(),
        (ch) => ch === ' ' || ch === '>' || ch === '+' || ch === '~',
      );
      const last = compounds?.filter((c) => c !== '').pop();
      const subject = last === undefined ? null : subjectOf(last);
      // A branch that names neither a tag nor a class may match anything: no rejection then.
      if (!subject || (subject.tag === null && subject.classes.length === 0)) {
        subjects.length = 0;
        break;
      }
      subjects.push(subject);
    }
    if (subjects.length > 0) known = subjects;
  }
  requirements.set(selector, known);
  return known;
}

interface Described {
  classes: Set<string>;
  tag: string;
}

/**
 * Elements' tags and classes, valid while jsdom's own style cache is (document._styleCache, a
 * WeakMap it drops on any change to the document: attributes, nodes, sheets). jsdom reads the
 * element's attributes through slow wrappers, and asks about one element once per rule.
 */
let generation: object | null | undefined = null;
let described = new WeakMap<Element, Described>();
let styleCacheOf: () => object | null | undefined = () => undefined;

function describe(element: Element): Described {
  const current = styleCacheOf();
  if (!current || current !== generation) {
    generation = current;
    described = new WeakMap();
  }
  let known = described.get(element);
  if (!known) {
    const classAttr = element.getAttribute('class');
    known = {
      classes: new Set(classAttr?.split(/[ \t\n\f\r]+/)),
      tag: element.localName.toLowerCase(),
    };
    described.set(element, known);
  }
  return known;
}

/** True when the selector cannot match the element: every branch names another tag or a missing class. */
export function cannotMatch(selector: string, element: Element): boolean {
  // Rules without a selector (@font-face, @keyframes) reach the matcher too: nwsapi decides.
  if (typeof selector !== 'string') return false;
  const requirement = selectorRequirement(selector);
  if (!requirement) return false;
  const { classes, tag } = describe(element);
  return requirement.every(
    (subject) =>
      (subject.tag !== null && subject.tag !== tag) || subject.classes.some((name) => !classes.has(name)),
  );
}

interface Nwsapi {
  match: (selector: string, element: Element) => boolean;
}

/**
 * Puts the pre-check in front of the nwsapi instance jsdom keeps on the document for style
 * matching (`_nwsapiDontThrow` of the document's implementation object).
 */
export function installFastStyleMatch(doc: Document): void {
  const implKey = Object.getOwnPropertySymbols(doc).find((s) => s.description === 'impl');
  // jsdom creates its matcher on the first computed style.
  doc.defaultView?.getComputedStyle(doc.documentElement);
  const impl = implKey
    ? (doc as unknown as Record<symbol, { _nwsapiDontThrow?: Nwsapi; _styleCache?: object | null }>)[implKey]
    : undefined;
  const nwsapi = impl?._nwsapiDontThrow;
  if (!nwsapi) {
    throw new Error(
      'fastStyleMatch: jsdom no longer keeps its style matcher on document._nwsapiDontThrow; update or remove this speed-up',
    );
  }
  styleCacheOf = () => impl?._styleCache;
  // Class names match case-sensitively only in no-quirks mode (jest's documents have a doctype).
  if (doc.compatMode !== 'CSS1Compat') return;
  const match = nwsapi.match.bind(nwsapi);
  nwsapi.match = (selector, element) => !cannotMatch(selector, element) && match(selector, element);
}
