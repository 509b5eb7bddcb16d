import type { PageProps } from '../../routes/routeModel';
import { PolicyFamilyPage, policySection, type FamilySection } from '../policy/PolicyFamilyPage';
import { PRIVATE_ACCESS_BASE, PRIVATE_ACCESS_SECTIONS } from './privateAccessSections';
import { AccessRulesSection, describeAccessPolicyError } from './AccessRulesSection';
import { ApplicationsSection } from './ApplicationsSection';
import { CatalogsSection } from './CatalogsSection';
import { ClustersSection, describeCatalogError, describeClusterError } from './ClustersSection';
import { UserPortalUrl } from './UserPortalUrl';

const [rules, applications, catalogs, clusters] = PRIVATE_ACCESS_SECTIONS;

/** The page's sections, in privateAccessSections.ts's order. */
export const PRIVATE_ACCESS_PAGE_SECTIONS: readonly FamilySection[] = [
  policySection({ ...rules, Editor: AccessRulesSection, describeError: describeAccessPolicyError }),
  policySection({ ...applications, Editor: ApplicationsSection, describeError: describeAccessPolicyError }),
  policySection({ ...catalogs, Editor: CatalogsSection, describeError: describeCatalogError }),
  policySection({ ...clusters, Editor: ClustersSection, describeError: describeClusterError }),
];

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
