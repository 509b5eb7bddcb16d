/**
 * How the Rollouts page words a rollout (pure, tested): the change in a sentence, a before or after
 * value, the target, the wave plan, and which tenants a target picks (the server's rule: any
 * tenant matching a tag, a deployment, a SKU, or named by hand).
 */
import { CHANGE_KIND_LABELS, type ChangeKind } from '@workbench/common/api/contract/providerRolloutPaths';
import type {
  RolloutChange,
  RolloutTarget,
  RolloutTenantChoice,
} from '@workbench/common/api/contract/providerRollouts';

export const changeKindLabel = (kind: ChangeKind): string => CHANGE_KIND_LABELS[kind];

const capabilityValue = (v: unknown): string => (v === true ? 'on' : v === false ? 'off' : String(v));

/** "Capability isolation_beta on", "SKUs: add SWG-BASIC; remove FWAAS", "Policy template: …". */
export function describeChange(change: RolloutChange, templateTitle?: (id: string) => string): string {
  switch (change.kind) {
    case 'capabilities': {
      const parts = [
        ...Object.entries(change.set).map(([k, v]) => `${k} ${capabilityValue(v)}`),
        ...change.remove.map((k) => `${k} removed`),
      ];
      return `${parts.length > 1 ? 'Capabilities' : 'Capability'} ${parts.join(', ')}`;
    }
    case 'skus': {
      const parts = [
        change.add.length > 0 ? `add ${change.add.join(', ')}` : '',
        change.remove.length > 0 ? `remove ${change.remove.join(', ')}` : '',
      ].filter(Boolean);
      return `SKUs: ${parts.join('; ')}`;
    }
    case 'policy_template':
      return `Policy template: ${templateTitle?.(change.template) ?? change.template}`;
  }
}

/** A before or after value: absent (—), on/off, a list, a policy document's size. */
export function describeValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (Array.isArray(v)) return v.length === 0 ? 'none' : v.map(String).join(', ');
  if (typeof v === 'object') {
    const list = (v as { list?: unknown }).list;
    if (Array.isArray(list))
      return list.length === 0 ? 'empty' : `${list.length} ${list.length === 1 ? 'entry' : 'entries'}`;
    return JSON.stringify(v);
  }
  return String(v);
}

export function describeTarget(t: RolloutTarget): string {
  const parts = [
    t.tags.length > 0 ? `tag ${t.tags.join(', ')}` : '',
    t.deployments.length > 0 ? `deployment ${t.deployments.join(', ')}` : '',
    t.sku_ids.length > 0 ? `SKU ${t.sku_ids.join(', ')}` : '',
    t.tids.length > 0 ? `${t.tids.length} chosen by hand` : '',
  ].filter(Boolean);
  return parts.join('; ');
}

/** The tenants a target picks, in the server's order (by name). */
export function tenantsOfTarget(
  choices: readonly RolloutTenantChoice[],
  t: RolloutTarget,
): RolloutTenantChoice[] {
  return choices.filter(
    (c) =>
      t.tids.includes(c.tid) ||
      t.deployments.includes(c.deployment) ||
      c.tags.some((x) => t.tags.includes(x)) ||
      c.sku_ids.some((x) => t.sku_ids.includes(x)),
  );
}

export const waveCount = (tenants: number, waveSize: number): number =>
  waveSize > 0 ? Math.ceil(tenants / waveSize) : 0;

/** "4 tenants in 2 waves of 2, 30 s between waves". */
export function describePlan(tenants: number, waveSize: number, pauseSeconds: number): string {
  const waves = waveCount(tenants, waveSize);
  const t = `${tenants} ${tenants === 1 ? 'tenant' : 'tenants'}`;
  const w = `${waves} ${waves === 1 ? 'wave' : 'waves'} of ${waveSize}`;
  return waves > 1 ? `${t} in ${w}, ${pauseSeconds} s between waves` : `${t} in ${w}`;
}
