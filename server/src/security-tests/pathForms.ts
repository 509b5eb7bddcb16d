/**
 * Other spellings of a request path that a router may map to the same route while a prefix check
 * on the raw URL does not (the guard bypass of issue 10): a letter of a fixed segment
 * percent-encoded (/%61pi/..., /gd%6Danage/...), upper-cased segments (/API/...), and the
 * slash, semicolon and trailing-slash forms. Path parameter values are left as they are.
 */

export interface PathForm {
  name: string;
  path: string;
}

const encodeChar = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** The index of a letter to encode: the middle one, so /api gives /a%70i, and the first for segment 0. */
const letterIndex = (segment: string, preferFirst: boolean): number => {
  const letters = [...segment].map((c, i) => (/[a-z]/i.test(c) ? i : -1)).filter((i) => i >= 0);
  if (letters.length === 0) return -1;
  return preferFirst ? letters[0] : letters[Math.floor(letters.length / 2)];
};

/**
 * @param template the OpenAPI template, to tell fixed segments from parameters
 * @param path the same path with its parameters filled in
 */
export function pathForms(template: string, path: string): PathForm[] {
  const fixed = template.split('/').map((s) => !/^\{.+\}$/.test(s) && s !== '');
  const segments = path.split('/');
  const join = (parts: string[]) => parts.join('/');
  const forms: PathForm[] = [];

  for (let i = 0; i < segments.length; i += 1) {
    if (!fixed[i]) continue;
    const at = letterIndex(segments[i], i === 1);
    if (at < 0) continue;
    const parts = [...segments];
    parts[i] = parts[i].slice(0, at) + encodeChar(parts[i][at]) + parts[i].slice(at + 1);
    forms.push({ name: `segment ${i} letter encoded`, path: join(parts) });
  }
  const firstUpper = [...segments];
  firstUpper[1] = firstUpper[1].toUpperCase();
  forms.push({ name: 'first segment upper-case', path: join(firstUpper) });
  forms.push({
    name: 'fixed segments upper-case',
    path: join(segments.map((s, i) => (fixed[i] ? s.toUpperCase() : s))),
  });
  forms.push({
    name: 'first segment fully encoded',
    path: `/${[...segments[1]].map(encodeChar).join('')}/${join(segments.slice(2))}`,
  });
  forms.push({ name: 'leading double slash', path: `/${path}` });
  forms.push({ name: 'first slash encoded', path: `/${segments[1]}%2F${join(segments.slice(2))}` });
  forms.push({ name: 'trailing slash', path: `${path}/` });
  forms.push({ name: 'semicolon suffix', path: `${path};x=1` });
  return forms.filter((f) => f.path !== path);
}
