import { POLICY_KIND_REGISTRY, type PolicyKindDef } from '../api/contract/policyKinds';
import { SUB_EVENT_TYPES } from '../api/contract/auditAreas';
import {
  POLICY_GROUP_REGISTRY,
  POLICY_PERMISSION_GROUPS,
  REVISION_AREA_GROUP_REGISTRY,
  policyGroupAuditArea,
  policyGroupPage,
} from './policyGroups';
import { vocabularyCodes, vocabularyLabel } from './vocabulary';

const ROWS: Readonly<Record<string, { title: string }>> = {
  ...POLICY_GROUP_REGISTRY,
  ...REVISION_AREA_GROUP_REGISTRY,
};
const titleOf = (group: string): string | undefined => ROWS[group]?.title;

describe('the policy-group registry is the audit vocabulary of policy changes', () => {
  it.each(POLICY_PERMISSION_GROUPS)(
    '%s: its audit area is a sub-event type labelled with its title',
    (group) => {
      const area = policyGroupAuditArea(group);
      expect(vocabularyCodes(SUB_EVENT_TYPES)).toContain(area);
      expect(vocabularyLabel(SUB_EVENT_TYPES, area)).toBe(titleOf(group));
    },
  );

  it('each area once: no sub-event type repeats a group’s code', () => {
    const codes = vocabularyCodes(SUB_EVENT_TYPES);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('the registry’s wording wins: Cloud Apps Policy, firewall changes under fwaas_policy', () => {
    expect(vocabularyLabel(SUB_EVENT_TYPES, 'casb_policy')).toBe('Cloud Apps Policy');
    expect(policyGroupAuditArea('fwaas')).toBe('fwaas_policy');
    expect(policyGroupAuditArea('web_policy')).toBe('web_policy');
  });

  it('every policy kind’s group is a row of the registry, with a page', () => {
    for (const def of Object.values(POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>)) {
      expect(POLICY_PERMISSION_GROUPS).toContain(def.group);
    }
    expect(policyGroupPage('casb_policy')).toBe('/policy/casb');
    expect(policyGroupPage('private_access')).toBe('/secure-application-access');
  });
});
