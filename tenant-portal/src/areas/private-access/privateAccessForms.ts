/**
 * The forms of the Secure Application Access page (access rule, application, catalog, cluster):
 * Formik values, yup rules built on common's validators — the checks the server's mpa kinds make
 * (privateAccessKinds.ts), so what a form accepts saves — and the conversion to and from the
 * documents. Error keys are shown through `paMessage` (validators give keys only:
 * docs/shared-ui.md §10); one-value-per-line fields name the first bad line.
 */
import * as yup from 'yup';
import {
  COMMENT_MAX_LENGTH,
  VALUES_MAX,
  domainOrWildcard,
} from '@workbench/common/api/contract/policy-kinds/kindDef';
import {
  ACCESS_ACTIONS,
  PRIVATE_APP_PROTOCOLS,
} from '@workbench/common/api/contract/policy-kinds/privateAccessKinds';
import {
  POSTURE_CHECKS,
  SESSION_MODES,
  TIME_UNITS,
} from '@workbench/common/api/contract/policy-kinds/enumerations';
import { email, portOrPortRange } from '@workbench/common/validators/network';
import { FIREWALL_FORM_MESSAGES, joinLines, lines, linesSchema, nameSchema } from '../fwaas/formRules';
import { addressLine } from '../fwaas/ruleForm';
import {
  SESSION_MAX_HOURS,
  type AccessRule,
  type Catalog,
  type Cluster,
  type PrivateApp,
  type SessionMode,
  type TimeUnit,
} from './privateAccessModel';

/** What the private access forms show for their error keys (beyond the firewall forms' texts). */
export const PRIVATE_ACCESS_MESSAGES: Record<string, string> = {
  invalidEmail: 'not an e-mail address (name@example.com)',
  applicationsRequired: 'Pick at least one application.',
  targetRequired: 'Give at least one domain or address.',
  portsRequired: 'TCP and UDP applications need at least one port or range.',
  clusterRequired: 'Pick the connector cluster that reaches the application.',
  clusterDeleted: 'This cluster was deleted: pick another one.',
  durationRange: 'A whole number from 1 to 43200.',
  durationTooLong: `At most ${SESSION_MAX_HOURS / 24} days (${SESSION_MAX_HOURS} hours).`,
  regionRequired: 'Pick the region the cluster runs in.',
  keyIdFormat: '8 to 64 letters, digits, _ or -.',
  duplicateKey: 'Another cluster already uses this key.',
  maxConnectorsRange: 'A whole number from 1 to 100.',
};

/** The text of a form error: a private access key's text, a firewall form key's text, or as given. */
export const paMessage = (error: unknown): string | undefined =>
  typeof error !== 'string'
    ? undefined
    : (PRIVATE_ACCESS_MESSAGES[error] ?? FIREWALL_FORM_MESSAGES[error] ?? error);

/** A line checker that names the problem in words (linesSchema shows a key it does not know as is). */
const worded =
  (check: (line: string) => string | null) =>
  (line: string): string | null => {
    const key = check(line);
    return key === null ? null : (PRIVATE_ACCESS_MESSAGES[key] ?? key);
  };

const valueLines = (check: (line: string) => string | null, maxLength = 253) =>
  linesSchema(worded(check), { maxLength, maxLines: VALUES_MAX });
const comment = () => yup.string().max(COMMENT_MAX_LENGTH, 'commentTooLong');
const unique = (list: readonly string[]) => [...new Set(list)];

// ── Access rules ──────────────────────────────────────────────────────────────────────────────

export interface AccessRuleFormValues {
  name: string;
  enabled: boolean;
  action: AccessRule['action'];
  /** One e-mail address per line; with groups empty too: everyone. */
  users: string;
  groups: string;
  /** Ids of the document's applications. */
  applications: string[];
  posture_checks: string[];
  session_mode: SessionMode;
  /** With session_mode time. */
  duration_value: string;
  duration_unit: TimeUnit;
  comment: string;
}

/** A new rule: allow, enabled, anyone, no posture check, access until the browser session ends. */
export const emptyAccessRuleForm: AccessRuleFormValues = {
  name: '',
  enabled: true,
  action: 'allow',
  users: '',
  groups: '',
  applications: [],
  posture_checks: [],
  session_mode: 'session',
  duration_value: '8',
  duration_unit: 'hours',
  comment: '',
};

const HOURS_PER_UNIT: Record<TimeUnit, number> = { minutes: 1 / 60, hours: 1, days: 24 };

export function accessRuleSchema(otherNames: readonly string[]) {
  return yup.object({
    name: nameSchema(otherNames),
    enabled: yup.boolean(),
    action: yup
      .string()
      .oneOf([...ACCESS_ACTIONS], 'required')
      .required('required'),
    users: valueLines(email, 254),
    groups: valueLines(() => null),
    applications: yup.array(yup.string().required()).min(1, 'applicationsRequired'),
    posture_checks: yup.array(
      yup
        .string()
        .oneOf([...POSTURE_CHECKS])
        .required(),
    ),
    session_mode: yup
      .string()
      .oneOf([...SESSION_MODES], 'required')
      .required('required'),
    duration_value: yup.string().when('session_mode', {
      is: 'time',
      then: (s) =>
        s
          .required('required')
          .matches(/^[1-9][0-9]{0,4}$/, 'durationRange')
          .test('range', 'durationRange', (v) => Number(v) <= 43_200)
          .test('max', 'durationTooLong', function test(v) {
            const unit = (this.parent as AccessRuleFormValues).duration_unit;
            return Number(v) * HOURS_PER_UNIT[unit] <= SESSION_MAX_HOURS;
          }),
    }),
    duration_unit: yup.string().oneOf([...TIME_UNITS], 'required'),
    comment: comment(),
  });
}

/** The fields of each panel of the rule accordion: a panel is valid when none has an error. */
export const ACCESS_RULE_PANEL_FIELDS = {
  general: ['name', 'action', 'enabled', 'comment'],
  who: ['users', 'groups'],
  applications: ['applications'],
  conditions: ['posture_checks', 'session_mode', 'duration_value', 'duration_unit'],
} as const satisfies Record<string, ReadonlyArray<keyof AccessRuleFormValues>>;

export function toAccessRuleForm(rule: AccessRule): AccessRuleFormValues {
  return {
    name: rule.name,
    enabled: rule.enabled,
    action: rule.action,
    users: joinLines(rule.users),
    groups: joinLines(rule.groups),
    applications: [...rule.applications],
    posture_checks: [...rule.posture_checks],
    session_mode: rule.session.mode,
    duration_value: String(rule.session.duration?.value ?? emptyAccessRuleForm.duration_value),
    duration_unit: rule.session.duration?.unit ?? emptyAccessRuleForm.duration_unit,
    comment: rule.comment ?? '',
  };
}

export function fromAccessRuleForm(values: AccessRuleFormValues, id: string): AccessRule {
  const note = values.comment.trim();
  return {
    id,
    name: values.name.trim(),
    enabled: values.enabled,
    action: values.action,
    users: unique(lines(values.users).map((u) => u.toLowerCase())),
    groups: unique(lines(values.groups)),
    applications: unique(values.applications),
    posture_checks: unique(values.posture_checks) as AccessRule['posture_checks'],
    session:
      values.session_mode === 'time'
        ? { mode: 'time', duration: { value: Number(values.duration_value), unit: values.duration_unit } }
        : { mode: values.session_mode },
    ...(note ? { comment: note } : {}),
  };
}

// ── Applications ──────────────────────────────────────────────────────────────────────────────

export interface AppFormValues {
  name: string;
  domains: string;
  addresses: string;
  protocol: PrivateApp['protocol'];
  ports: string;
  cluster_id: string;
  description: string;
}

export const emptyAppForm: AppFormValues = {
  name: '',
  domains: '',
  addresses: '',
  protocol: 'tcp',
  ports: '443',
  cluster_id: '',
  description: '',
};

/** An address line as the registry keeps it: an address, a range or a CIDR block. */
const addressCheck = addressLine;

export function appSchema(otherNames: readonly string[], clusterIds: readonly string[]) {
  const known = new Set(clusterIds);
  return yup.object({
    name: nameSchema(otherNames),
    domains: valueLines(domainOrWildcard).test('target', 'targetRequired', function test(v) {
      return (
        lines(v ?? '').length + lines((this.parent as Partial<AppFormValues>).addresses ?? '').length > 0
      );
    }),
    addresses: valueLines(addressCheck, 64),
    protocol: yup
      .string()
      .oneOf([...PRIVATE_APP_PROTOCOLS], 'required')
      .required('required'),
    ports: linesSchema(worded(portOrPortRange), { maxLength: 11, maxLines: 100 }).test(
      'ports',
      'portsRequired',
      function test(v) {
        return (this.parent as Partial<AppFormValues>).protocol === 'any' || lines(v ?? '').length > 0;
      },
    ),
    cluster_id: yup
      .string()
      .required('clusterRequired')
      .test('known', 'clusterDeleted', (v) => !v || known.has(v)),
    description: comment(),
  });
}

export function toAppForm(app: PrivateApp): AppFormValues {
  return {
    name: app.name,
    domains: joinLines(app.domains),
    addresses: joinLines(app.addresses),
    protocol: app.protocol,
    ports: joinLines(app.ports),
    cluster_id: app.cluster_id,
    description: app.description ?? '',
  };
}

export function fromAppForm(values: AppFormValues, id: string): PrivateApp {
  const description = values.description.trim();
  return {
    id,
    name: values.name.trim(),
    domains: unique(lines(values.domains).map((d) => d.toLowerCase())),
    addresses: unique(lines(values.addresses)),
    protocol: values.protocol,
    ports: values.protocol === 'any' ? [] : unique(lines(values.ports)),
    cluster_id: values.cluster_id,
    ...(description ? { description } : {}),
  };
}

// ── Catalogs ──────────────────────────────────────────────────────────────────────────────────

export interface CatalogFormValues {
  name: string;
  applications: string[];
  clusters: string[];
  description: string;
}

export const emptyCatalogForm: CatalogFormValues = {
  name: '',
  applications: [],
  clusters: [],
  description: '',
};

export function catalogSchema(otherNames: readonly string[]) {
  return yup.object({
    name: nameSchema(otherNames),
    applications: yup.array(yup.string().required()).max(1000, 'tooManyValues'),
    clusters: yup.array(yup.string().required()).max(100, 'tooManyValues'),
    description: comment(),
  });
}

export const toCatalogForm = (c: Catalog): CatalogFormValues => ({
  name: c.name,
  applications: [...c.applications],
  clusters: [...c.clusters],
  description: c.description ?? '',
});

export function fromCatalogForm(values: CatalogFormValues, id: string): Catalog {
  const description = values.description.trim();
  return {
    id,
    name: values.name.trim(),
    applications: unique(values.applications),
    clusters: unique(values.clusters),
    ...(description ? { description } : {}),
  };
}

// ── Connector clusters ────────────────────────────────────────────────────────────────────────

export interface ClusterFormValues {
  name: string;
  region: string;
  lookup_enabled: boolean;
  key_id: string;
  max_connectors: string;
  description: string;
}

export const emptyClusterForm: ClusterFormValues = {
  name: '',
  region: '',
  lookup_enabled: true,
  key_id: '',
  max_connectors: '2',
  description: '',
};

export function clusterSchema(otherNames: readonly string[], otherKeys: readonly string[]) {
  const taken = new Set(otherKeys);
  return yup.object({
    name: nameSchema(otherNames),
    region: yup.string().required('regionRequired'),
    lookup_enabled: yup.boolean(),
    key_id: yup
      .string()
      .trim()
      .required('required')
      .matches(/^[A-Za-z0-9_-]{8,64}$/, 'keyIdFormat')
      .test('unique', 'duplicateKey', (v) => !taken.has((v ?? '').trim())),
    max_connectors: yup
      .string()
      .required('required')
      .matches(/^[1-9][0-9]{0,2}$/, 'maxConnectorsRange')
      .test('range', 'maxConnectorsRange', (v) => Number(v) <= 100),
    description: comment(),
  });
}

export const toClusterForm = (c: Cluster): ClusterFormValues => ({
  name: c.name,
  region: c.region,
  lookup_enabled: c.provisioning_key_lookup.enabled,
  key_id: c.provisioning_key_lookup.key_id,
  max_connectors: String(c.provisioning_key_lookup.max_connectors),
  description: c.description ?? '',
});

export function fromClusterForm(values: ClusterFormValues, id: string): Cluster {
  const description = values.description.trim();
  return {
    id,
    name: values.name.trim(),
    region: values.region as Cluster['region'],
    provisioning_key_lookup: {
      enabled: values.lookup_enabled,
      key_id: values.key_id.trim(),
      max_connectors: Number(values.max_connectors),
    },
    ...(description ? { description } : {}),
  };
}
