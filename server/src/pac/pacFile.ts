/**
 * The PAC engine (docs/settings.md "PAC files"): checks a file with a real JavaScript parser
 * (acorn), makes the template from proxies and defaults, and evaluates FindProxyForURL in a
 * sandbox (pac-resolver on QuickJS, a WebAssembly interpreter: the file sees no process, network
 * or file system), with a time and memory limit and no network look-ups.
 */
import net from 'node:net';
import * as acorn from 'acorn';
import { createPacResolver } from 'pac-resolver';
import { newQuickJSWASMModule, type QuickJSWASMModule } from '@tootallnate/quickjs-emscripten';
import { PAC_TEST_TIME_LIMIT_MS, type PacDefaults } from '@workbench/common/api/contract/pacSettings';

/** A file the engine refuses: the message says why (with the line and column of a syntax error). */
export class PacProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PacProblem';
  }
}

/** The ECMAScript the browsers' PAC engines and QuickJS share. */
const ECMA_VERSION = 2020;

function definesFindProxyForURL(program: acorn.Program): boolean {
  return program.body.some((node) => {
    if (node.type === 'FunctionDeclaration') return node.id?.name === 'FindProxyForURL';
    if (node.type === 'VariableDeclaration')
      return node.declarations.some(
        (d) =>
          d.id.type === 'Identifier' &&
          d.id.name === 'FindProxyForURL' &&
          (d.init?.type === 'FunctionExpression' || d.init?.type === 'ArrowFunctionExpression'),
      );
    return false;
  });
}

/** Parses a PAC file; a PacProblem when it does not parse or does not define FindProxyForURL. */
export function checkPacFile(text: string): void {
  let program: acorn.Program;
  try {
    program = acorn.parse(text, { ecmaVersion: ECMA_VERSION, sourceType: 'script', locations: true });
  } catch (error) {
    if (error instanceof SyntaxError && 'loc' in error) {
      const { line, column } = (error as SyntaxError & { loc: { line: number; column: number } }).loc;
      // acorn's message ends with "(line:column)"; ours says it in words, the column counted from 1.
      const reason = error.message.replace(/\s*\(\d+:\d+\)$/, '');
      throw new PacProblem(`Line ${line}, column ${column + 1}: ${reason}. The PAC file does not parse.`);
    }
    throw error;
  }
  if (!definesFindProxyForURL(program))
    throw new PacProblem('The PAC file does not define the function FindProxyForURL(url, host).');
}

/** A proxy as `host:port`: a name, an IPv4 address or a bracketed IPv6 address, and a port 1–65535. */
export function proxyProblem(proxy: string): string | null {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(proxy);
  if (!m) return `"${proxy}" is not host:port (a name or IP address, and a port).`;
  const [, host, port] = m;
  if (Number(port) < 1 || Number(port) > 65535) return `The port of "${proxy}" must be 1 to 65535.`;
  if (host.startsWith('[')) return net.isIPv6(host.slice(1, -1)) ? null : `"${host}" is not an IPv6 address.`;
  if (/^[\d.]+$/.test(host)) return net.isIPv4(host) ? null : `"${host}" is not an IPv4 address.`;
  const labels = host.split('.');
  if (host.length > 253 || labels.some((l) => !/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l)))
    return `"${host}" is not a host name.`;
  return null;
}

/** A domain to bypass: a host name, optionally with a leading dot or `*.`. */
export function domainProblem(domain: string): string | null {
  const bare = domain.replace(/^\*?\./, '');
  const labels = bare.split('.');
  if (bare.length === 0 || labels.some((l) => !/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l)))
    return `"${domain}" is not a domain name.`;
  return null;
}

const PRIVATE_NETWORKS: readonly [string, string][] = [
  ['10.0.0.0', '255.0.0.0'],
  ['172.16.0.0', '255.240.0.0'],
  ['192.168.0.0', '255.255.0.0'],
  ['127.0.0.0', '255.0.0.0'],
];

/** The template: the proxies in order, what the defaults send direct, and the fail-open fallback. */
export function pacTemplate(proxies: readonly string[], defaults: PacDefaults): string {
  const lines = [
    '// Made from the PAC settings: the proxies in order, then what goes direct.',
    'function FindProxyForURL(url, host) {',
  ];
  if (defaults.bypass_plain_hostnames) lines.push('  if (isPlainHostName(host)) return "DIRECT";');
  for (const domain of defaults.bypass_domains) {
    const bare = domain.replace(/^\*?\./, '').toLowerCase();
    lines.push(
      `  if (dnsDomainIs(host, ${JSON.stringify(`.${bare}`)}) || host == ${JSON.stringify(bare)}) return "DIRECT";`,
    );
  }
  if (defaults.bypass_private_networks) {
    lines.push('  var ip = dnsResolve(host);');
    const tests = PRIVATE_NETWORKS.map(([n, m]) => `isInNet(ip, "${n}", "${m}")`);
    lines.push(`  if (ip && (${tests.join(' ||\n      ')})) return "DIRECT";`);
  }
  const chain = [
    ...proxies.map((p) => `PROXY ${p}`),
    ...(defaults.fail_open || proxies.length === 0 ? ['DIRECT'] : []),
  ];
  lines.push(`  return ${JSON.stringify(chain.join('; '))};`, '}', '');
  return lines.join('\n');
}

/** A dotted IPv4 address as a number. */
function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

export interface PacEvaluation {
  /** What dnsResolve answers per host name; unlisted names do not resolve. */
  hosts: Readonly<Record<string, string>>;
  /** What myIpAddress answers: the client's address. */
  clientIp: string;
  timeLimitMs?: number;
}

/**
 * The standard functions that would reach the network, answered from the given table instead:
 * dnsResolve (an IP literal is itself, a listed name its address, else null), isResolvable,
 * isInNet (on the resolved address) and myIpAddress (the client's address). The others
 * (shExpMatch, dnsDomainIs, dateRange, ...) are pac-resolver's own, which touch nothing outside.
 */
function offlineFunctions({ hosts, clientIp }: PacEvaluation) {
  const table = new Map(Object.entries(hosts).map(([h, ip]) => [h.toLowerCase(), ip]));
  const resolve = (host: unknown): string | null => {
    if (typeof host !== 'string') return null;
    if (net.isIP(host)) return host;
    return table.get(host.toLowerCase()) ?? null;
  };
  return {
    alert: () => undefined,
    dnsResolve: resolve,
    isResolvable: (host: unknown) => resolve(host) !== null,
    myIpAddress: () => clientIp,
    isInNet: (host: unknown, pattern: unknown, mask: unknown) => {
      const ip = resolve(host);
      if (ip === null || !net.isIPv4(ip) || typeof pattern !== 'string' || typeof mask !== 'string')
        return false;
      if (!net.isIPv4(pattern) || !net.isIPv4(mask)) return false;
      const m = ipv4ToNumber(mask);
      // Bitwise AND on unsigned 32-bit values: >>> 0 keeps them unsigned.
      return (ipv4ToNumber(ip) & m) >>> 0 === (ipv4ToNumber(pattern) & m) >>> 0;
    },
  };
}

/**
 * Runs FindProxyForURL(url, host) of a (checked) PAC file in a fresh QuickJS instance: nothing
 * survives between runs, and the instance's memory goes with it. A file that throws, runs past the
 * time limit or answers no string is a PacProblem.
 */
export async function evaluatePac(text: string, url: URL, options: PacEvaluation): Promise<string> {
  const module: QuickJSWASMModule = await newQuickJSWASMModule();
  const limit = options.timeLimitMs ?? PAC_TEST_TIME_LIMIT_MS;
  // The limit is the file's own time: the clock starts after the engine is loaded (slow on a busy
  // machine, and no part of the file's run), once for its top-level code and again for the call.
  let deadline = Date.now() + limit;
  let timedOut = false;
  // pac-resolver asks the module for a context: ours comes from a runtime with the limits set.
  const limited = {
    newContext: () => {
      const runtime = module.newRuntime();
      runtime.setMemoryLimit(32 * 1024 * 1024);
      runtime.setMaxStackSize(512 * 1024);
      runtime.setInterruptHandler(() => (timedOut = timedOut || Date.now() > deadline));
      return runtime.newContext();
    },
  } as unknown as QuickJSWASMModule;
  try {
    const find = createPacResolver(limited, text, { sandbox: offlineFunctions(options) });
    deadline = Date.now() + limit;
    const result: unknown = await find(url);
    if (typeof result !== 'string')
      throw new PacProblem(
        `FindProxyForURL answered ${result === undefined ? 'nothing' : typeof result}, not a text such as "PROXY host:port" or "DIRECT".`,
      );
    return result;
  } catch (error) {
    if (error instanceof PacProblem) throw error;
    if (timedOut) throw new PacProblem(`FindProxyForURL ran longer than ${limit} ms and was stopped.`);
    const e = error as { name?: string; message?: string };
    throw new PacProblem(`FindProxyForURL failed: ${e?.name ?? 'Error'}: ${e?.message ?? String(error)}`);
  }
}
