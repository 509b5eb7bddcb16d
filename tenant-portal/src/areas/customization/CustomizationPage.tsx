import { customizationIds } from '@workbench/common/test-ids/dlpIds';
import type { PageProps } from '../../routes/routeModel';
import {
  PolicyFamilyPage,
  familySections,
  groupTab,
  policySection,
  type FamilySection,
} from '../policy/PolicyFamilyPage';
import { CUSTOMIZATION_SECTIONS } from './customizationSections';
import { notificationPagesEditor } from './NotificationPagesSection';

export const CUSTOMIZATION_PAGE_SECTIONS: readonly FamilySection[] = familySections(
  'customization',
  CUSTOMIZATION_SECTIONS.map((s) =>
    policySection({
      ...groupTab('customization', s.path),
      kind: s.kind,
      Editor: notificationPagesEditor(s.path, s.pages),
    }),
  ),
);

/**
 * The Customization area (issue 13; docs/sessions.md §6 customization: customization:* permission,
 * cloud or management station): the web, email and DLP notification pages, each a document of
 * the policy revision saved on its own, with a live preview. The publish bar goes above it (the
 * route wraps it) since its documents share the policy revision.
 */
export function CustomizationPage({ title }: PageProps) {
  return (
    <PolicyFamilyPage
      title={title}
      family="customization"
      base="/customization"
      sections={CUSTOMIZATION_PAGE_SECTIONS}
      ids={{ page: customizationIds.page, tabs: customizationIds.tabs, tab: customizationIds.tab }}
    />
  );
}
