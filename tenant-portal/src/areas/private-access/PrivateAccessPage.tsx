import type { PageProps } from '../../routes/routeModel';
import {
  PolicyFamilyPage,
  familySections,
  groupTab,
  policySection,
  type FamilySection,
} from '../policy/PolicyFamilyPage';
import { PRIVATE_ACCESS_BASE } from './privateAccessSections';
import { AccessRulesSection, describeAccessPolicyError } from './AccessRulesSection';
import { ApplicationsSection } from './ApplicationsSection';
import { CatalogsSection } from './CatalogsSection';
import { ClustersSection, describeCatalogError, describeClusterError } from './ClustersSection';
import { UserPortalUrl } from './UserPortalUrl';

const titled = (path: string) => groupTab('private_access', path);

/**
 * The page's sections, in the view rows' order: the lists draw their own sections; a form kind of
 * the group (the security settings) is drawn by the kit.
 */
export const PRIVATE_ACCESS_PAGE_SECTIONS: readonly FamilySection[] = familySections('private_access', [
  policySection({
    ...titled('access-rules'),
    kind: 'mpa/access_rules',
    Editor: AccessRulesSection,
    describeError: describeAccessPolicyError,
  }),
  policySection({
    ...titled('applications'),
    kind: 'mpa/access_rules',
    Editor: ApplicationsSection,
    describeError: describeAccessPolicyError,
  }),
  policySection({
    ...titled('catalogs'),
    kind: 'mpa/app_catalogs',
    Editor: CatalogsSection,
    describeError: describeCatalogError,
  }),
  policySection({
    ...titled('clusters'),
    kind: 'mpa/app_connector_clusters',
    Editor: ClustersSection,
    describeError: describeClusterError,
  }),
]);

/**
 * The Secure Application Access page (issue 13; docs/sessions.md §6 secure-application-access:
 * private_access:*, cloud only): access rules, applications, app catalogs and connector clusters,
 * each tab saved into the staged policy revision (the publish bar goes above the page, the route
 * wraps it), with the user portal address above the tabs. `?rule=<id>` opens an access rule.
 */
export function PrivateAccessPage({ title }: PageProps) {
  return (
    <PolicyFamilyPage
      title={title}
      family="private"
      base={PRIVATE_ACCESS_BASE}
      sections={PRIVATE_ACCESS_PAGE_SECTIONS}
    >
      <UserPortalUrl />
    </PolicyFamilyPage>
  );
}
