/**
 * Browser policy files in and out (docs/browser-posture.md §3): the upload reads a JSON policy file
 * (Chrome's and Edge's managed-policy JSON, Firefox's `policies.json`), a Windows `.reg` export,
 * Group Policy's registry XML (`Registry.xml` of Group Policy Preferences) and our Microsoft Intune
 * export, maps each value onto the catalogue, keeps the ones the catalogue does not know as
 * unknown settings, and refuses a file it cannot read with the line (or the key) that failed. The
 * export writes the three formats of the spec so that each reads back through the same upload.
 */
import crypto from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  BROWSER_REGISTRY_KEYS,
  POSTURE_BROWSERS,
  definitionOf,
  settingValueProblem,
  type ExportFormat,
  type PostureBrowser,
  type SettingDefinition,
  type SettingValue,
  type UploadFormat,
} from '@workbench/common/api/contract/browser-posture/browserPosture';

/** A file that cannot be read: the message names the line, element or key (`where`). */
export class PolicyFileProblem extends Error {
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(`${where}: ${message}`);
    this.name = 'PolicyFileProblem';
  }
}

export interface ReadSetting {
  name: string;
  value: SettingValue;
  line?: number;
}
export interface ReadPolicyFile {
  format: UploadFormat;
  /** The browser the file's keys name (JSON files name none). */
  browser: PostureBrowser | null;
  settings: ReadSetting[];
  unknownSettings: ReadSetting[];
}

/** A value as the registry holds it: a DWORD, a string, or a list kept as a subkey of numbered values. */
type RegValue = { kind: 'dword'; value: number } | { kind: 'sz'; value: string };
interface RegEntry {
  browser: PostureBrowser;
  /** The subkey under the browser's policy key ('' for the key itself). */
  subkey: string;
  valueName: string;
  value: RegValue;
  where: string;
  line?: number;
}

const HIVES = /^(HKEY_LOCAL_MACHINE|HKLM|HKEY_CURRENT_USER|HKCU)\\/i;
/** The browser and subkey of a registry key under one of the browsers' policy keys, else null. */
function browserOfKey(key: string): { browser: PostureBrowser; subkey: string } | null {
  const path = key.replace(HIVES, '');
  for (const browser of POSTURE_BROWSERS) {
    const root = BROWSER_REGISTRY_KEYS[browser].toLowerCase();
    const lower = path.toLowerCase();
    if (lower === root) return { browser, subkey: '' };
    if (lower.startsWith(`${root}\\`)) return { browser, subkey: path.slice(root.length + 1) };
  }
  return null;
}

const numbered = (name: string) => /^[0-9]+$/.test(name);

/**
 * Registry entries to settings: a value under the browser's key is the setting of its name; the
 * numbered values of a subkey are a list setting's items (in their numbers' order); a value under
 * another subkey is the dotted name `Subkey.Value` (Firefox's nested policies).
 */
function fromRegistry(entries: RegEntry[], format: UploadFormat): ReadPolicyFile {
  const browsers = [...new Set(entries.map((e) => e.browser))];
  if (browsers.length > 1) {
    const other = entries.find((e) => e.browser !== entries[0].browser) as RegEntry;
    throw new PolicyFileProblem(
      `a policy is of one browser; this file has ${browsers.join(' and ')}`,
      other.where,
    );
  }
  const browser = browsers[0] ?? null;
  const settings: ReadSetting[] = [];
  const unknownSettings: ReadSetting[] = [];
  const lists = new Map<string, { items: [number, string][]; line?: number; where: string }>();
  for (const e of entries) {
    const listDef = e.subkey && !e.subkey.includes('\\') ? definitionOf(e.browser, e.subkey) : undefined;
    if (e.subkey && numbered(e.valueName) && (listDef?.type === 'list' || !listDef)) {
      if (!listDef && definitionOf(e.browser, `${e.subkey}.${e.valueName}`)) {
        // A nested policy whose value name is a number: not a list.
      } else {
        if (e.value.kind !== 'sz')
          throw new PolicyFileProblem(`the items of ${e.subkey} are texts (REG_SZ)`, e.where);
        const list = lists.get(e.subkey) ?? { items: [], line: e.line, where: e.where };
        list.items.push([Number(e.valueName), e.value.value]);
        lists.set(e.subkey, list);
        continue;
      }
    }
    const name = e.subkey ? `${e.subkey.replace(/\\/g, '.')}.${e.valueName}` : e.valueName;
    const def = definitionOf(e.browser, name);
    const raw = e.value.value;
    if (!def) {
      unknownSettings.push({ name, value: raw, ...(e.line ? { line: e.line } : {}) });
      continue;
    }
    settings.push({
      name,
      value: typedRegistryValue(def, e.value, e.where),
      ...(e.line ? { line: e.line } : {}),
    });
  }
  for (const [name, list] of lists) {
    const value = list.items.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
    const entry = { name, value, ...(list.line ? { line: list.line } : {}) };
    if (browser && definitionOf(browser, name)) settings.push(entry);
    else unknownSettings.push(entry);
  }
  return { format, browser, settings, unknownSettings };
}

/** A registry value read as the definition's type (a DWORD of 0 or 1 is a boolean, and so on). */
function typedRegistryValue(def: SettingDefinition, v: RegValue, where: string): SettingValue {
  let value: SettingValue;
  if (def.type === 'boolean') {
    if (v.kind !== 'dword' || (v.value !== 0 && v.value !== 1))
      throw new PolicyFileProblem(`${def.name} takes a DWORD of 0 or 1`, where);
    value = v.value === 1;
  } else if (def.type === 'list') {
    throw new PolicyFileProblem(
      `${def.name} is a list: its items are the numbered values of its subkey`,
      where,
    );
  } else {
    const wantsNumber =
      def.type === 'integer' || (def.type === 'enum' && typeof def.allowedValues?.[0]?.value === 'number');
    if (wantsNumber !== (v.kind === 'dword'))
      throw new PolicyFileProblem(`${def.name} takes a ${wantsNumber ? 'DWORD' : 'string (REG_SZ)'}`, where);
    value = v.value;
  }
  const problem = settingValueProblem(def, value);
  if (problem) throw new PolicyFileProblem(problem, where);
  return value;
}

/** Un-escapes a .reg string's body (`\\` and `\"`); null when a quote is not escaped. */
function regString(body: string): string | null {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      const next = body[i + 1];
      if (next !== '\\' && next !== '"') return null;
      out += next;
      i++;
    } else if (c === '"') return null;
    else out += c;
  }
  return out;
}

/** A Windows `.reg` export (regedit's "Windows Registry Editor Version 5.00" or REGEDIT4). */
export function readRegFile(text: string): ReadPolicyFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]?.trim();
  if (header !== 'Windows Registry Editor Version 5.00' && header !== 'REGEDIT4')
    throw new PolicyFileProblem('a .reg file starts with "Windows Registry Editor Version 5.00"', 'line 1');
  const entries: RegEntry[] = [];
  let key: { browser: PostureBrowser; subkey: string } | null = null;
  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    const where = `line ${lineNo}`;
    const line = lines[i].trim();
    if (line === '' || line.startsWith(';')) continue;
    if (line.startsWith('[')) {
      if (!line.endsWith(']')) throw new PolicyFileProblem('a key line ends with ]', where);
      const path = line.slice(1, -1);
      if (path.startsWith('-')) throw new PolicyFileProblem('deleting a key is not a setting', where);
      key = browserOfKey(path);
      if (!key)
        throw new PolicyFileProblem(
          `${path} is not under the policy key of Chrome, Edge or Firefox (${Object.values(BROWSER_REGISTRY_KEYS).join(', ')})`,
          where,
        );
      continue;
    }
    const m = /^"((?:[^"\\]|\\.)*)"=(.*)$/.exec(line) ?? /^(@)=(.*)$/.exec(line);
    if (!m) throw new PolicyFileProblem('expected "Name"=value, a [key] or a ; comment', where);
    if (!key) throw new PolicyFileProblem('a value before any [key]', where);
    const valueName = regString(m[1]);
    if (valueName === null || m[1] === '@')
      throw new PolicyFileProblem('a value name in double quotes', where);
    const data = m[2].trim();
    let value: RegValue;
    const dword = /^dword:([0-9a-fA-F]{1,8})$/.exec(data);
    if (dword) value = { kind: 'dword', value: parseInt(dword[1], 16) };
    else if (data.startsWith('"') && data.endsWith('"') && data.length >= 2) {
      const s = regString(data.slice(1, -1));
      if (s === null) throw new PolicyFileProblem('a quote inside a string is written \\"', where);
      value = { kind: 'sz', value: s };
    } else if (data === '-') throw new PolicyFileProblem('deleting a value is not a setting', where);
    else
      throw new PolicyFileProblem(
        `${data.slice(0, 20)}: the values read are dword:XXXXXXXX and "text" (REG_DWORD, REG_SZ)`,
        where,
      );
    entries.push({ ...key, valueName, value, where, line: lineNo });
  }
  return fromRegistry(entries, 'registry');
}

const GPP_REGISTRY_SETTINGS = '{A3CCFC41-DFDB-43a5-8D26-0FE8B954DA51}';
const GPP_REGISTRY = '{9CD4B2F4-923D-47f5-A062-E897DD1DAD50}';

type XmlNode = Record<string, unknown>;
/** Group Policy Preferences' registry XML (`Registry.xml`), its `Registry` items in any `Collection`. */
export function readRegistryXml(text: string): ReadPolicyFile {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new PolicyFileProblem(valid.err.msg, `line ${valid.err.line}`);
  // No DOCTYPE, no entities beyond XML's own: the file is data, never instructions to the parser.
  if (/<!DOCTYPE/i.test(text)) throw new PolicyFileProblem('a DOCTYPE is not read', 'DOCTYPE');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    isArray: (name) => name === 'Registry' || name === 'Collection',
  });
  const doc = parser.parse(text) as XmlNode;
  const root = doc.RegistrySettings as XmlNode | undefined;
  if (!root || typeof root !== 'object')
    throw new PolicyFileProblem('the root element is RegistrySettings (Group Policy registry XML)', 'root');
  const entries: RegEntry[] = [];
  let n = 0;
  const walk = (node: XmlNode) => {
    for (const item of (node.Registry as XmlNode[] | undefined) ?? []) {
      n += 1;
      const where = `Registry #${n}${typeof item.name === 'string' ? ` (${item.name})` : ''}`;
      const p = item.Properties as XmlNode | undefined;
      if (!p || typeof p !== 'object') throw new PolicyFileProblem('a Registry item has Properties', where);
      const { hive, key, name, type, value, action } = p as Record<string, string | undefined>;
      if (action === 'D') throw new PolicyFileProblem('deleting a value is not a setting', where);
      if (typeof key !== 'string' || typeof name !== 'string' || typeof value !== 'string')
        throw new PolicyFileProblem('Properties has key, name and value', where);
      const at = browserOfKey(`${hive ?? 'HKEY_LOCAL_MACHINE'}\\${key}`);
      if (!at)
        throw new PolicyFileProblem(`${key} is not under the policy key of Chrome, Edge or Firefox`, where);
      let v: RegValue;
      if (type === 'REG_DWORD') {
        if (!/^[0-9a-fA-F]{1,8}$/.test(value))
          throw new PolicyFileProblem('a REG_DWORD value is hexadecimal', where);
        v = { kind: 'dword', value: parseInt(value, 16) };
      } else if (type === 'REG_SZ') v = { kind: 'sz', value };
      else
        throw new PolicyFileProblem(`type ${String(type)}: the types read are REG_DWORD and REG_SZ`, where);
      entries.push({ ...at, valueName: name, value: v, where });
    }
    for (const c of (node.Collection as XmlNode[] | undefined) ?? []) walk(c);
  };
  walk(root);
  return fromRegistry(entries, 'registryXmlGpo');
}

/** The ADMX namespaces of the browsers' templates, as an Intune ADMX-backed OMA-URI names them. */
const INTUNE_NAMESPACES: Record<PostureBrowser, string> = {
  chrome: 'Chrome~Policy~googlechrome',
  edge: 'microsoft_edge~Policy~microsoft_edge',
  firefox: 'Firefox~Policy~firefox',
};
const OMA_PREFIX = './Device/Vendor/MSFT/Policy/Config/';
/** The separator of an ADMX list's entries in an Intune value (U+F000). */
const LIST_SEP = '\uF000';
const xmlAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unXmlAttr = (s: string) =>
  s
    .replace(/&#xF000;/gi, LIST_SEP)
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Our Microsoft Intune export read back: a custom profile's `omaSettings`, ADMX-backed values. */
function readIntune(doc: Record<string, unknown>): ReadPolicyFile {
  const oma = doc.omaSettings;
  if (!Array.isArray(oma)) throw new PolicyFileProblem('an Intune profile has omaSettings', 'omaSettings');
  const settings: ReadSetting[] = [];
  const unknownSettings: ReadSetting[] = [];
  let browser: PostureBrowser | null = null;
  oma.forEach((raw: unknown, i) => {
    const where = `omaSettings.${i}`;
    const s = raw as { omaUri?: unknown; value?: unknown };
    if (typeof s.omaUri !== 'string' || typeof s.value !== 'string')
      throw new PolicyFileProblem('an OMA setting has omaUri and value (text)', where);
    if (!s.omaUri.startsWith(OMA_PREFIX))
      throw new PolicyFileProblem(`omaUri starts with ${OMA_PREFIX}`, where);
    const [ns, ...rest] = s.omaUri.slice(OMA_PREFIX.length).split('/');
    const b = POSTURE_BROWSERS.find((x) => ns.split('~').slice(0, 3).join('~') === INTUNE_NAMESPACES[x]);
    if (!b || rest.length !== 1)
      throw new PolicyFileProblem(`${s.omaUri} is not a Chrome, Edge or Firefox policy`, where);
    if (browser && browser !== b)
      throw new PolicyFileProblem(`a policy is of one browser; this file has ${browser} and ${b}`, where);
    browser = b;
    const name = rest[0];
    const def = definitionOf(b, name);
    let value: SettingValue;
    const v = s.value.trim();
    if (v === '<enabled/>') value = true;
    else if (v === '<disabled/>') value = false;
    else {
      const m = /^<enabled\/>\s*<data id="[^"]*" value="([^"]*)"\s*\/>$/.exec(v);
      if (!m)
        throw new PolicyFileProblem(
          'value is <enabled/>, <disabled/> or <enabled/><data id="…" value="…"/>',
          where,
        );
      const text = unXmlAttr(m[1]);
      if (def?.type === 'list') value = text.split(LIST_SEP).filter((_, k) => k % 2 === 1);
      else if (
        def?.type === 'integer' ||
        (def?.type === 'enum' && typeof def.allowedValues?.[0]?.value === 'number')
      ) {
        if (!/^-?[0-9]+$/.test(text)) throw new PolicyFileProblem(`${name} takes a whole number`, where);
        value = Number(text);
      } else value = text;
    }
    if (!def) {
      // The catalogue does not say the type: a whole number reads back as the number (a DWORD).
      const n = typeof value === 'string' && /^-?[0-9]{1,10}$/.test(value) ? Number(value) : value;
      unknownSettings.push({ name, value: n });
      return;
    }
    if (def.type !== 'boolean' && typeof value === 'boolean')
      throw new PolicyFileProblem(`${name} takes <enabled/> with its data`, where);
    const problem = settingValueProblem(def, value);
    if (problem) throw new PolicyFileProblem(problem, where);
    settings.push({ name, value });
  });
  return { format: 'microsoftIntune', browser, settings, unknownSettings };
}

/**
 * A JSON policy file: `{"policies": {...}}` (Firefox) or the policies at the top level (Chrome,
 * Edge). An object whose own name is not a setting is read as nested settings (`DNSOverHTTPS.Enabled`).
 */
function readJsonPolicies(doc: Record<string, unknown>, browser: PostureBrowser | null): ReadPolicyFile {
  if (!browser)
    throw new PolicyFileProblem(
      'a JSON policy file names no browser: choose the browser with the upload',
      'browser',
    );
  const top =
    doc.policies && typeof doc.policies === 'object' && !Array.isArray(doc.policies)
      ? (doc.policies as Record<string, unknown>)
      : doc;
  const prefix = top === doc ? '' : 'policies.';
  const settings: ReadSetting[] = [];
  const unknownSettings: ReadSetting[] = [];
  const walk = (obj: Record<string, unknown>, path: string) => {
    for (const [key, value] of Object.entries(obj)) {
      const name = path ? `${path}.${key}` : key;
      const def = definitionOf(browser, name);
      const where = `${prefix}${name}`;
      if (!def && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        walk(value as Record<string, unknown>, name);
        continue;
      }
      const ok =
        typeof value === 'boolean' ||
        typeof value === 'string' ||
        (typeof value === 'number' && Number.isFinite(value)) ||
        (Array.isArray(value) && value.every((v) => typeof v === 'string'));
      if (!ok)
        throw new PolicyFileProblem('a value is true, false, a number, a text or a list of texts', where);
      if (!def) {
        unknownSettings.push({ name, value: value as SettingValue });
        continue;
      }
      const problem = settingValueProblem(def, value);
      if (problem) throw new PolicyFileProblem(problem, where);
      settings.push({ name, value: value as SettingValue });
    }
  };
  walk(top, '');
  return { format: 'json', browser, settings, unknownSettings };
}

/** Text from a file's bytes: UTF-16LE with its byte order mark (regedit's default), else UTF-8. */
export function policyFileText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** Reads a policy file of any upload format, told apart by its first characters. */
export function readPolicyFile(text: string, browser: PostureBrowser | null): ReadPolicyFile {
  const start = text.trimStart();
  if (start.startsWith('Windows Registry Editor') || start.startsWith('REGEDIT4')) return readRegFile(start);
  if (start.startsWith('<')) return readRegistryXml(start);
  if (start.startsWith('{')) {
    let doc: unknown;
    try {
      doc = JSON.parse(start);
    } catch (error) {
      const message = (error as Error).message;
      const at = /position (\d+)/.exec(message);
      const line = at ? start.slice(0, Number(at[1])).split('\n').length : null;
      throw new PolicyFileProblem(message, line ? `line ${line}` : 'JSON');
    }
    const obj = doc as Record<string, unknown>;
    if (Array.isArray(obj.omaSettings)) return readIntune(obj);
    return readJsonPolicies(obj, browser);
  }
  throw new PolicyFileProblem(
    'not a policy file: JSON, a .reg export, Group Policy registry XML or an Intune profile',
    'line 1',
  );
}

export interface PolicyForExport {
  name: string;
  description: string;
  browser: PostureBrowser;
  settings: { name: string; value: SettingValue }[];
  unknownSettings: { name: string; value: SettingValue }[];
}
export interface ExportedFile {
  filename: string;
  contentType: string;
  body: string;
}

/** Where each setting goes in the registry: its subkey (lists and nested names) and value name. */
function registryRows(p: PolicyForExport): { subkey: string; valueName: string; value: RegValue }[] {
  const rows: { subkey: string; valueName: string; value: RegValue }[] = [];
  for (const s of [...p.settings, ...p.unknownSettings]) {
    const dot = s.name.lastIndexOf('.');
    if (Array.isArray(s.value)) {
      s.value.forEach((item, i) =>
        rows.push({ subkey: s.name, valueName: String(i + 1), value: { kind: 'sz', value: item } }),
      );
      continue;
    }
    const value: RegValue =
      typeof s.value === 'boolean'
        ? { kind: 'dword', value: s.value ? 1 : 0 }
        : typeof s.value === 'number'
          ? { kind: 'dword', value: s.value }
          : { kind: 'sz', value: s.value };
    rows.push(
      dot > 0
        ? { subkey: s.name.slice(0, dot).replace(/\./g, '\\'), valueName: s.name.slice(dot + 1), value }
        : { subkey: '', valueName: s.name, value },
    );
  }
  return rows;
}

const slug = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'policy';
const regEscape = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

function exportReg(p: PolicyForExport): string {
  const root = `HKEY_LOCAL_MACHINE\\${BROWSER_REGISTRY_KEYS[p.browser]}`;
  const bySubkey = new Map<string, string[]>();
  for (const r of registryRows(p)) {
    const data = r.value.kind === 'dword' ? `dword:${hex8(r.value.value)}` : `"${regEscape(r.value.value)}"`;
    const lines = bySubkey.get(r.subkey) ?? [];
    lines.push(`"${regEscape(r.valueName)}"=${data}`);
    bySubkey.set(r.subkey, lines);
  }
  const out = ['Windows Registry Editor Version 5.00', '', `; ${p.name}`, ''];
  const keys = [...bySubkey.keys()].sort();
  if (!keys.includes('')) out.push(`[${root}]`, '');
  for (const k of keys) out.push(`[${k ? `${root}\\${k}` : root}]`, ...(bySubkey.get(k) ?? []), '');
  return out.join('\r\n');
}

function exportGpoXml(p: PolicyForExport, now: Date): string {
  const changed = now.toISOString().replace('T', ' ').slice(0, 19);
  const items = registryRows(p).map((r) => {
    const key = r.subkey
      ? `${BROWSER_REGISTRY_KEYS[p.browser]}\\${r.subkey}`
      : BROWSER_REGISTRY_KEYS[p.browser];
    const type = r.value.kind === 'dword' ? 'REG_DWORD' : 'REG_SZ';
    const value = r.value.kind === 'dword' ? hex8(r.value.value) : r.value.value;
    const uid = `{${crypto.randomUUID().toUpperCase()}}`;
    return (
      `\t<Registry clsid="${GPP_REGISTRY}" name="${xmlAttr(r.valueName)}" status="${xmlAttr(r.valueName)}" image="${type === 'REG_SZ' ? 7 : 12}" changed="${changed}" uid="${uid}">` +
      `<Properties action="U" displayDecimal="${type === 'REG_DWORD' ? 1 : 0}" default="0" hive="HKEY_LOCAL_MACHINE" key="${xmlAttr(key)}" name="${xmlAttr(r.valueName)}" type="${type}" value="${xmlAttr(value)}"/>` +
      `</Registry>`
    );
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<RegistrySettings clsid="${GPP_REGISTRY_SETTINGS}">`,
    ...items,
    '</RegistrySettings>',
    '',
  ].join('\r\n');
}

function exportIntune(p: PolicyForExport): string {
  const ns = INTUNE_NAMESPACES[p.browser];
  const omaSettings = [...p.settings, ...p.unknownSettings].map((s) => {
    const value =
      typeof s.value === 'boolean'
        ? s.value
          ? '<enabled/>'
          : '<disabled/>'
        : Array.isArray(s.value)
          ? `<enabled/><data id="${xmlAttr(s.name)}Desc" value="${s.value.map((v, i) => `${i + 1}&#xF000;${xmlAttr(v)}`).join('&#xF000;')}"/>`
          : `<enabled/><data id="${xmlAttr(s.name)}" value="${xmlAttr(String(s.value))}"/>`;
    return {
      '@odata.type': '#microsoft.graph.omaSettingString',
      displayName: s.name,
      description: definitionOf(p.browser, s.name)?.description ?? '',
      omaUri: `${OMA_PREFIX}${ns}/${s.name}`,
      value,
    };
  });
  return `${JSON.stringify(
    {
      '@odata.type': '#microsoft.graph.windows10CustomConfiguration',
      displayName: p.name,
      description: p.description,
      omaSettings,
    },
    null,
    2,
  )}\n`;
}

/** A policy as a file of an export format, named after the policy. */
export function exportPolicy(p: PolicyForExport, format: ExportFormat, now: Date): ExportedFile {
  const base = `${slug(p.name)}-${p.browser}`;
  switch (format) {
    case 'registry':
      return { filename: `${base}.reg`, contentType: 'text/plain; charset=utf-8', body: exportReg(p) };
    case 'registryXmlGpo':
      return {
        filename: `${base}-Registry.xml`,
        contentType: 'application/xml; charset=utf-8',
        body: exportGpoXml(p, now),
      };
    case 'microsoftIntune':
      return {
        filename: `${base}-intune.json`,
        contentType: 'application/json; charset=utf-8',
        body: exportIntune(p),
      };
  }
}
