/**
 * The cloud-app and egress-header calls that are not documents of the revision (docs/policy.md §6
 * Policy; docs/policy.md §6 Policy reads and saves; contract: common casbEgress.ts):
 *
 * - POST /api/policy/v1/validate_ddl_domains/: checks an unsanctioned domain list before it is
 *   saved and answers which entries are invalid and why, with common's validators (docs/shared-ui.md §10),
 *   so the editor can name each bad line. The spec gives the params ddlUrl, isFwaas and options;
 *   the domains themselves are in the body (this server fetches nothing from the internet, so
 *   ddlUrl is checked as the https address the list is published at, not downloaded).
 * - GET /api/policy/v1/egress_policy/egress_control: whether the tenant's egress_headers
 *   capability is on, and the limits a save of the egress_policy kind is held to.
 * - GET /api/policy/v1/egress_policy/header_blocklist: the headers no egress rule may change
 *   (the kind's own EGRESS_HEADER_BLOCKLIST, which its save checks), with why.
 */
import { httpsUrl } from '@workbench/common/validators/urls';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CASB_EGRESS_PATHS,
  EgressControlReply,
  HeaderBlocklistReply,
  ValidateDdlBody,
  ValidateDdlReply,
  type InvalidDdlDomain,
} from '@workbench/common/api/contract/casbEgress';
import {
  EGRESS_HEADERS_MAX,
  EGRESS_HEADER_BLOCKLIST,
  HEADER_VALUE_MAX_LENGTH,
} from '@workbench/common/api/contract/policy-kinds/egressKinds';
import { RULES_MAX } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { domain, ipv4Cidr, standardDomainOrIp } from '@workbench/common/validators/network';
import type { ValidationErrorKey } from '@workbench/common/validators/errorKeys';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { PolicyReadQuery } from '@workbench/common/api/contract/policy';

const tags = ['policy'];

/** What each refusal means, in the reply's message. */
export const DDL_REASON_MESSAGES: Readonly<Record<string, string>> = {
  empty: 'The entry is empty.',
  duplicate: 'The domain is listed more than once.',
  invalidDomain: 'Not a domain name (e.g. example.com, or *.example.com for its subdomains).',
  wildcard: 'Wildcards (*.example.com) are not allowed in this list.',
  nonStandardDomainOrIP: 'Not a standard domain name or public IPv4 address.',
  invalidCidr: 'Not a valid IPv4 CIDR block (e.g. 203.0.113.0/24).',
  noLeadingTrailingSpaces: 'Remove the spaces at the start or end.',
};

export const DDL_URL_MSG = 'ddlUrl must be an https URL (https://host/path).';

/** Why a header may not be changed (RFC 9110 framing, or the user's credentials). */
const BLOCKLIST_REASONS: Readonly<Record<string, string>> = {
  host: 'Names the destination of the request.',
  'content-length': 'Frames the message body.',
  'transfer-encoding': 'Frames the message body.',
  connection: 'Controls the connection, not the request.',
  upgrade: 'Switches the connection to another protocol.',
  te: 'Negotiates the transfer coding hop by hop.',
  trailer: 'Announces fields sent after the body.',
  'keep-alive': 'Controls the connection, not the request.',
  'proxy-authorization': "Carries the user's proxy credentials.",
  authorization: "Carries the user's credentials.",
  cookie: "Carries the user's session with the site.",
};

/** The reason an entry is refused, or null. */
function entryProblem(value: string, isFwaas: boolean, wildcards: boolean): string | null {
  if (value.trim() === '') return 'empty';
  if (value !== value.trim()) return 'noLeadingTrailingSpaces';
  if (value.startsWith('*.')) {
    if (!wildcards) return 'wildcard';
    return domain(value.slice(2));
  }
  if (isFwaas) {
    if (value.includes('/')) return ipv4Cidr(value);
    return standardDomainOrIp(value);
  }
  return domain(value) satisfies ValidationErrorKey | null;
}

/** The list's address: common's one URL rule, https only (the client's form checks the same). */
const isHttpsUrl = (value: string): boolean => httpsUrl(value) === null && value !== '';

export const casbEgressRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    CASB_EGRESS_PATHS.validateDdlDomains,
    {
      // The cloud-app editor's lists, or (isFwaas) the firewall's: checked again per body below.
      config: {
        world: 'tenant',
        permission: { any: ['casb_policy:*:read', 'fwaas:*:read'] },
        audit: { exempt: 'a check of a list before it is saved: nothing is stored' },
      },
      schema: {
        tags,
        summary: 'Checks an unsanctioned domain list: which entries are invalid and why (nothing is stored)',
        body: ValidateDdlBody,
        response: { 200: ValidateDdlReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const { domains, ddlUrl, isFwaas = false, options } = request.body;
      const needed = isFwaas ? 'fwaas:*:read' : 'casb_policy:*:read';
      if (!s.access.can(needed))
        throw new ApiHttpError(403, `Checking this list needs the permission ${needed}.`);
      if (ddlUrl !== undefined && !isHttpsUrl(ddlUrl)) throw new ApiHttpError(400, DDL_URL_MSG, 'ddlUrl');
      const wildcards = options?.wildcards ?? true;
      const seen = new Set<string>();
      const invalid: InvalidDdlDomain[] = [];
      for (const [index, value] of domains.entries()) {
        let reason = entryProblem(value, isFwaas, wildcards);
        const key = value.trim().toLowerCase();
        if (!reason && seen.has(key)) reason = 'duplicate';
        seen.add(key);
        if (reason)
          invalid.push({ index, domain: value, reason, message: DDL_REASON_MESSAGES[reason] ?? reason });
      }
      return { checked: domains.length, valid: domains.length - invalid.length, invalid };
    },
  );

  app.get(
    CASB_EGRESS_PATHS.egressControl,
    {
      config: { world: 'tenant', permission: 'egress_policy:*:read' },
      schema: {
        tags,
        summary: "Whether the tenant's egress header rules apply, and the limits of a save",
        querystring: PolicyReadQuery,
        response: { 200: EgressControlReply, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return {
        enabled: s.tenant.capabilities.egress_headers === true,
        max_rules: RULES_MAX,
        max_headers_per_rule: EGRESS_HEADERS_MAX,
        max_value_length: HEADER_VALUE_MAX_LENGTH,
      };
    },
  );

  app.get(
    CASB_EGRESS_PATHS.headerBlocklist,
    {
      config: { world: 'tenant', permission: 'egress_policy:*:read' },
      schema: {
        tags,
        summary: 'The request headers no egress rule may insert or remove, and why',
        querystring: PolicyReadQuery,
        response: { 200: HeaderBlocklistReply, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      headers: EGRESS_HEADER_BLOCKLIST.map((name) => ({ name, reason: BLOCKLIST_REASONS[name] ?? '' })),
    }),
  );
};
