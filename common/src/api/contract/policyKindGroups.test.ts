import { POLICY_GROUPS } from '../../vocabularies/policyGroups';
import { POLICY_KIND_REGISTRY, policyKindReadPermission, type PolicyKindDef } from './policyKinds';
import { PORTAL_NOTE_READ, POLICY_KIND_GROUPS, REVISION_READ } from './policyKindGroups';

describe('the policy-kind groups apart from the registry', () => {
  it('are every policy group, then the groups of the registry’s rows, in the registry’s order', () => {
    const derived = [
      ...new Set([
        ...POLICY_GROUPS,
        ...Object.values(POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>).map((d) => d.group),
      ]),
    ];
    expect(POLICY_KIND_GROUPS).toEqual(derived);
  });

  it('read the revision with any group’s read or the dashboard’s', () => {
    expect(REVISION_READ).toEqual({
      any: [...POLICY_KIND_GROUPS.map((g) => `${g}:*:read`), 'dashboard:*:read'],
    });
    expect(REVISION_READ.any).toContain('fwaas:*:read');
  });

  it('read the publish note with the portal_note kind’s read', () => {
    expect(PORTAL_NOTE_READ).toBe(policyKindReadPermission('portal_note'));
  });
});
