/**
 * The Egress Headers page's sections (docs/policy.md §4 Policy: GET and PUT
 * /egress_policy/rules/{rev}, body egress_policy): one document, deep-linkable as
 * #/policy/egress/rules.
 */
import { familyTabs } from '../familyTabs';

export const EGRESS_SECTIONS = familyTabs([{ path: 'rules', kind: 'egress_policy' }] as const);
