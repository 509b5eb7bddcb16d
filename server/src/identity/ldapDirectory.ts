/**
 * LDAP "Test connection" (issue 33): connect to the tenant's directory, bind with its service
 * account and look up one user, answering which step failed and why (host unreachable, bind
 * refused, user not found) instead of throwing. Every outgoing connection is time-limited: the
 * client's connect and operation time-outs, and a deadline over the whole test that destroys
 * the connection, so a directory that accepts and never answers cannot hang a request.
 *
 * The client is ldapts; the filter is its EqualityFilter, which escapes the user name (an
 * injected `*)(uid=*` is looked up literally). Password attributes are never answered.
 */
import net from 'node:net';
import type { Client as LdapClient } from 'ldapts';
import { guardedLookup } from '../net/outbound';
import type { LdapTestReply } from '@workbench/common/api/contract/signInSettings';

export interface LdapConnection {
  url: string;
  bind_dn: string;
  bind_password: string;
  base_dn: string;
  user_attribute: string;
  timeout_seconds: number;
}

/** Attributes never answered (hashes and secrets a directory may return to a privileged bind). */
const SECRET_ATTRIBUTE = /password|secret|pwd|unicodePwd/i;

class Deadline extends Error {}

/** A network failure in words: what a user can act on. */
function connectReason(error: Error & { code?: string }, url: string, seconds: number): string {
  const where = url.replace(/^ldaps?:\/\//i, '').replace(/\/$/, '');
  switch (error.code) {
    case 'ECONNREFUSED':
      return `Connection refused by ${where}: no directory listens there.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host of ${where} is not known (DNS lookup failed).`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `The host ${where} is unreachable.`;
    case 'ECONNRESET':
      return `${where} closed the connection (is it an LDAP server, and is ldap:// or ldaps:// right?).`;
    default:
      if (error instanceof Deadline || /timeout|timed out/i.test(error.message))
        return `No answer from ${where} within ${seconds} s.`;
      return `Could not reach ${where}: ${error.message}`;
  }
}

const isNetworkError = (e: Error & { code?: string }) =>
  e instanceof Deadline ||
  typeof e.code === 'string' ||
  /timeout|timed out|connect|socket|closed/i.test(e.message);

/**
 * The directory's URL with its host replaced by the address the non-public destination guard
 * checked (net/README.md), so the client connects where the check looked (no second resolution
 * for a rebinding name to change), and the name its TLS certificate is verified against.
 */
async function checkedTarget(url: string): Promise<{ url: string; servername?: string }> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const resolved = await new Promise<{ address: string; family: number }>((resolve, reject) =>
    guardedLookup()(host, {}, (error, address, family) =>
      error ? reject(error) : resolve({ address: address as string, family: family ?? 4 }),
    ),
  );
  const at = resolved.family === 6 ? `[${resolved.address}]` : resolved.address;
  return {
    url: `${parsed.protocol}//${at}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`,
    ...(net.isIP(host) ? {} : { servername: host }),
  };
}

/**
 * Binds and looks up `username` by `user_attribute` under `base_dn`. Never rejects; answers
 * within `timeout_seconds` (plus a moment to close) whatever the directory does.
 */
export async function testLdapConnection(c: LdapConnection, username: string): Promise<LdapTestReply> {
  // ldapts loads on the first test of a directory, not with every server (issue 39).
  const { Client, EqualityFilter, InvalidCredentialsError, NoSuchObjectError } = await import('ldapts');
  const started = Date.now();
  const ms = c.timeout_seconds * 1000;
  const elapsed = () => Date.now() - started;
  let client: LdapClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Deadline('deadline')), ms);
  });
  // Which step a network failure interrupts (set inside the race, read after it).
  const progress: { step: 'connect' | 'search' } = { step: 'connect' };
  try {
    return await Promise.race([
      deadline,
      (async (): Promise<LdapTestReply> => {
        const target = await checkedTarget(c.url.trim());
        const directory = new Client({
          url: target.url,
          timeout: ms,
          connectTimeout: ms,
          strictDN: false,
          ...(target.servername ? { tlsOptions: { servername: target.servername } } : {}),
        });
        client = directory;
        try {
          await directory.bind(c.bind_dn, c.bind_password);
        } catch (error) {
          const e = error as Error & { code?: string };
          if (error instanceof InvalidCredentialsError)
            return {
              ok: false,
              step: 'bind',
              reason: `The directory refused the bind of ${c.bind_dn || 'anonymous'}: wrong DN or password.`,
              elapsed_ms: elapsed(),
            };
          if (!isNetworkError(e))
            return {
              ok: false,
              step: 'bind',
              reason: `The directory refused the bind: ${e.message}`,
              elapsed_ms: elapsed(),
            };
          throw error;
        }
        progress.step = 'search';
        let entries;
        try {
          ({ searchEntries: entries } = await directory.search(c.base_dn, {
            scope: 'sub',
            filter: new EqualityFilter({ attribute: c.user_attribute, value: username }),
            sizeLimit: 2,
            timeLimit: c.timeout_seconds,
          }));
        } catch (error) {
          if (error instanceof NoSuchObjectError)
            return {
              ok: false,
              step: 'search',
              reason: `The base DN ${c.base_dn} does not exist in the directory.`,
              elapsed_ms: elapsed(),
            };
          const e = error as Error & { code?: string };
          if (isNetworkError(e)) throw error;
          return {
            ok: false,
            step: 'search',
            reason: `The search failed: ${e.message}`,
            elapsed_ms: elapsed(),
          };
        }
        if (entries.length === 0)
          return {
            ok: false,
            step: 'search',
            reason: `No user with ${c.user_attribute}=${username} under ${c.base_dn}.`,
            elapsed_ms: elapsed(),
          };
        if (entries.length > 1)
          return {
            ok: false,
            step: 'search',
            reason: `More than one user has ${c.user_attribute}=${username} under ${c.base_dn}.`,
            elapsed_ms: elapsed(),
          };
        const { dn, ...rest } = entries[0];
        const attributes: Record<string, string[]> = {};
        for (const [name, value] of Object.entries(rest)) {
          if (SECRET_ATTRIBUTE.test(name)) continue;
          const values = (Array.isArray(value) ? value : [value]).map((v) =>
            Buffer.isBuffer(v) ? v.toString('base64') : String(v),
          );
          attributes[name] = values;
        }
        return { ok: true, user: { dn, attributes }, elapsed_ms: elapsed() };
      })(),
    ]);
  } catch (error) {
    const e = error as Error & { code?: string };
    return {
      ok: false,
      step: progress.step,
      reason: connectReason(e, c.url, c.timeout_seconds),
      elapsed_ms: elapsed(),
    };
  } finally {
    clearTimeout(timer);
    // unbind may itself wait on a silent server: do not await it past the deadline.
    void client?.unbind().catch(() => undefined);
  }
}
