/**
 * api-client-layer §7 On-premises appliance settings: the service settings the Web and Safemail
 * areas edit (`web`, `ssl_bump`, `safemail`, `attachments`, `smtp`, `emails` under
 * `/api/v1/settings/`). The spec names the paths only (no method, no field): a read answers the
 * document, a save sends it back whole, and a save with a bad value is refused naming the field.
 * The methods (GET and PUT), the fields and the bookkeeping are the choice `service-settings`.
 */
import { expectRefused, ok, type Suite } from '../checks';
import { acl, type SpecEndpoint } from '../endpointTypes';

const FAMILY = 'api-client-layer §7 On-premises appliance settings';
const SOURCE = acl(
  '§7 On-premises appliance settings',
  '/api/v1/settings/: extend_ime, auth/admins, auth/users, auth/ldap, auth/saml, ssl, service_domain, exported_config, logging, emails, access, time, enable_tls, smtp, enable_auto_updates, scp_fileexport_recorder, scp_fileexport, pnr_proxy, ssl_bump, safemail, attachments, web.',
);

/** Each path, a field the suite changes (with a good and a bad value), written out here. */
const DOCUMENTS: ReadonlyArray<{ name: string; field: string; good: unknown; bad: unknown }> = [
  { name: 'web', field: 'service_hostname', good: 'spec.web.example', bad: 'not a host name' },
  { name: 'ssl_bump', field: 'bypass_hosts', good: ['spec.bank.example'], bad: ['no such host!'] },
  { name: 'safemail', field: 'postmaster_email', good: 'postmaster@spec.example', bad: 'postmaster@' },
  { name: 'attachments', field: 'archive_depth', good: 2, bad: 99 },
  { name: 'smtp', field: 'from_address', good: 'spec@spec.example', bad: 'spec' },
  { name: 'emails', field: 'admin_emails', good: ['spec@spec.example'], bad: ['spec at example'] },
];

/** The document as read, made ready to send back: the bookkeeping and write-only flags out. */
const asWritten = (doc: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(doc).filter(([k]) => k !== 'updated_at' && k !== 'updated_by' && !k.endsWith('_set')),
  );

export const SERVICE_SETTINGS_ENDPOINTS: readonly SpecEndpoint[] = DOCUMENTS.flatMap(
  ({ name, field, good, bad }): SpecEndpoint[] => {
    const path = `/api/v1/settings/${name}`;
    return [
      {
        family: FAMILY,
        method: 'GET',
        path,
        sources: [SOURCE],
        silent: ['service-settings'],
        check: async (suite: Suite) => {
          const doc = ok(await suite.tenant.get(path));
          expect(doc).toHaveProperty(field);
          expect('updated_at' in doc && 'updated_by' in doc).toBe(true);
        },
      },
      {
        family: FAMILY,
        method: 'PUT',
        path,
        sources: [SOURCE],
        silent: ['service-settings', 'error-field'],
        check: async (suite: Suite) => {
          const doc = asWritten(ok(await suite.tenant.get(path)));
          const saved = ok(await suite.tenant.put(path, { ...doc, [field]: good }));
          expect(saved[field]).toEqual(good);
          expect(ok(await suite.tenant.get(path))[field]).toEqual(good);
          expectRefused(
            await suite.tenant.put(path, { ...doc, [field]: bad }),
            field.endsWith('s') && Array.isArray(bad) ? `${field}.0` : field,
          );
          expect(ok(await suite.tenant.get(path))[field]).toEqual(good);
        },
      },
    ];
  },
);
