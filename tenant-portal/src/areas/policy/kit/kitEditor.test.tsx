// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import { POLICY_KINDS } from '@workbench/common/api/contract/policyKinds';
import { policyKindView } from '@workbench/common/features/policy-view/policyKindViews';
import {
  POLICY_PERMISSION_GROUPS,
  type PolicyPermissionGroup,
} from '@workbench/common/vocabularies/policyGroups';
import type { FamilySection } from '../PolicyFamilyPage';
import { groupTabs } from '../familyTabs';
// Each family page's sections: a tab the family draws no section for is the kit's (kitEditor),
// drawn when the table is built, so a kind the kit cannot draw fails here, at import.
import { CASB_POLICY_SECTIONS } from '../casb/CasbPolicyPage';
import { DLP_POLICY_SECTIONS } from '../dlp/DlpPolicyPage';
import { EGRESS_POLICY_SECTIONS } from '../egress/EgressPolicyPage';
import { EMAIL_POLICY_SECTIONS } from '../email/EmailPolicyPage';
import { INSPECTION_PAGE_SECTIONS } from '../inspection/ContentInspectionPage';
import { WEB_POLICY_SECTIONS } from '../web/WebPolicyPage';
import { CUSTOMIZATION_PAGE_SECTIONS } from '../../customization/CustomizationPage';
import { FIREWALL_PAGE_SECTIONS } from '../../fwaas/FirewallPage';
import { PRIVATE_ACCESS_PAGE_SECTIONS } from '../../private-access/PrivateAccessPage';
import { kitEditor } from './kitEditor';

const PAGES: Partial<Record<PolicyPermissionGroup, readonly FamilySection[]>> = {
  web_policy: WEB_POLICY_SECTIONS,
  email_policy: EMAIL_POLICY_SECTIONS,
  dlp_policy: DLP_POLICY_SECTIONS,
  casb_policy: CASB_POLICY_SECTIONS,
  egress_policy: EGRESS_POLICY_SECTIONS,
  content_inspection: INSPECTION_PAGE_SECTIONS,
  customization: CUSTOMIZATION_PAGE_SECTIONS,
  private_access: PRIVATE_ACCESS_PAGE_SECTIONS,
  fwaas: FIREWALL_PAGE_SECTIONS,
};

describe('the kit draws every kind no family section draws', () => {
  it.each(POLICY_PERMISSION_GROUPS.filter((g) => groupTabs(g).length > 0))(
    "every tab of %s's page is drawn, by its family's section or by the kit",
    (group) => {
      const tabs = [...new Set(groupTabs(group).map((t) => t.path))];
      expect(PAGES[group]?.map((s) => s.path)).toEqual(tabs);
    },
  );

  it('draws a kind of each shape from its rows', () => {
    for (const kind of ['mpa/security_config', 'dlp_groups', 'safemail/mobile', 'global_bnb'] as const)
      expect(kitEditor(kind).Editor).toBeInstanceOf(Function);
  });

  it('throws at load, naming the kind and the field, for a kind it cannot draw', () => {
    expect(() => kitEditor('web/exceptions')).toThrow(
      "The kit draws no field for web/exceptions's conditions.uri (a list of objects)",
    );
    expect(() => kitEditor('web/sha256')).toThrow(
      "The kit draws lists keyed by id: web/sha256's list is keyed by hash",
    );
  });

  it('knows which list kinds it draws today (a family section stands for the others)', () => {
    const drawn = POLICY_KINDS.filter((kind) => policyKindView(kind).shape !== 'form').filter((kind) => {
      try {
        kitEditor(kind);
        return true;
      } catch {
        return false;
      }
    });
    expect(drawn).toEqual(expect.arrayContaining(['dlp_groups', 'safemail/mobile', 'global_bnb']));
  });
});
