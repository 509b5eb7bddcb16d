import type { PageProps } from '../../../routes/routeModel';
import {
  PolicyFamilyPage,
  describeListError,
  familySections,
  groupTab,
  policySection,
  type FamilySection,
} from '../PolicyFamilyPage';
import { AppRulesSection } from './AppRulesSection';
import { CasbExceptionsSection } from './ExceptionsSection';
import { ProfilesSection } from './ProfilesSection';
import { DomainListsSection } from './DomainListsSection';
import { AppLinksSection } from './AppLinksSection';
import { AppDiscoverySection } from './AppDiscoverySection';

const titled = (path: string) => groupTab('casb_policy', path);

/** The Cloud Apps Policy page's sections, in the order of its kinds' view rows (policyKindViews.ts). */
export const CASB_POLICY_SECTIONS: readonly FamilySection[] = familySections('casb_policy', [
  policySection({
    ...titled('app-rules'),
    kind: 'casb/app_rules',
    Editor: AppRulesSection,
    describeError: describeListError('Rule', 'appRules'),
  }),
  policySection({
    ...titled('exceptions'),
    kind: 'casb/exceptions',
    Editor: CasbExceptionsSection,
    describeError: describeListError('Exception', 'exceptions.list'),
  }),
  policySection({
    ...titled('profiles'),
    kind: 'casb/profiles',
    Editor: ProfilesSection,
    describeError: (path) =>
      describeListError('Profile', 'profiles.list')(path) ??
      describeListError('Domain list', 'domain_lists')(path),
  }),
  policySection({
    ...titled('domain-lists'),
    kind: 'casb/profiles',
    Editor: DomainListsSection,
    describeError: (path) =>
      describeListError('Domain list', 'domain_lists')(path) ??
      describeListError('Profile', 'profiles.list')(path),
  }),
  policySection({
    ...titled('app-links'),
    kind: 'profiles/app_links',
    Editor: AppLinksSection,
    describeError: describeListError('Link', 'list'),
  }),
  policySection({ ...titled('discovery'), kind: 'casb/app_discovery', Editor: AppDiscoverySection }),
]);

/**
 * The Cloud Apps Policy page (issue 13; docs/policy.md §4 Policy): a tab per section, each a document
 * of the casb_policy group saved on its own; `?rule=<id>` opens an entry of the tab shown.
 */
export function CasbPolicyPage({ title }: PageProps) {
  return <PolicyFamilyPage title={title} family="casb" base="/policy/casb" sections={CASB_POLICY_SECTIONS} />;
}
