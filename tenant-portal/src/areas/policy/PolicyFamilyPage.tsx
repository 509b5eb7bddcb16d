import { Fragment, useCallback, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Box, Tab, Tabs } from '@mui/material';
import {
  policyKindFeatures,
  type PolicyData,
  type PolicyKind,
} from '@workbench/common/api/contract/policyKinds';
import type { PolicyPermissionGroup } from '@workbench/common/vocabularies/policyGroups';
import { selectFeatures, selectPolicyDocDirty, useAppSelector } from '@workbench/common';
import { policyFamilyIds } from '@workbench/common/test-ids/webPolicyIds';
import { AreaPage } from '../AreaPage';
import { NOT_FOUND_PATH } from '../../routes/routeModel';
import { featuresAllow } from '../../routes/routeRules';
import { PolicySection, type LoadedEditor } from './PolicySection';
import { useRuleParam } from './useRuleParam';
import { pathInList } from './web/listEdits';
import { groupTabs, tabTitled } from './familyTabs';
import { kitEditor } from './kit/kitEditor';

/** A tab's path and title on a group's page by its path, for the page's own sections (throws on a path the group has no tab for). */
export const groupTab = (group: PolicyPermissionGroup, path: string): { path: string; title: string } =>
  tabTitled(groupTabs(group), path);

/** What every section editor of a policy page gets: its loaded document and the `?rule=` link. */
export interface SectionEditorProps<K extends PolicyKind> {
  /** The whole editor (save error and its path, undo, …) for sections that need more than the draft. */
  editor: LoadedEditor<K>;
  doc: PolicyData<K>;
  onChange: (doc: PolicyData<K>) => void;
  readOnly: boolean;
  /** The entry `?rule=<key>` names (policyRuleLinks.ts), to open once the document is loaded. */
  linkedKey: string | null;
  /** Called once the linked entry is open: drops `?rule=` in place. */
  onLinkOpened: () => void;
  /** Opens an entry by key (a new history entry, so Back closes it), or closes it with null. */
  onOpenRule: (key: string | null) => void;
}

/** The `?rule=` link of the page, passed to the section shown. */
export interface SectionLink {
  ruleId: string | null;
  openRule: (key: string | null) => void;
}

/** One tab of a policy page: a deep-linkable path (#/policy/<family>/<path>) and what it draws. */
export interface FamilySection {
  path: string;
  /** The tab's and the section's heading. */
  title: string;
  /** The document the section edits (the first one, when it draws several). */
  kind: PolicyKind;
  /**
   * Feature flags that must all be on for the tab to show (docs/access.md §5), as the nav's children.
   * A policySection's are its kind's (policyKindFeatures), the flags the server checks.
   */
  features?: readonly string[];
  render: (link: SectionLink) => ReactNode;
}

/** "Rule 3" / "Entry 2" for a 400 inside a list, when the section has nothing better. */
export const describeListError =
  (noun: string, list: string) =>
  (path: string): string | null => {
    const at = pathInList(path, list);
    return at ? `${noun} ${at.index + 1}` : null;
  };

/**
 * A section that edits one document of the policy-kind registry with `Editor` inside the shared
 * PolicySection frame (heading, Save / Undo / Redo, save error, conflict dialog).
 */
export function policySection<K extends PolicyKind>(row: {
  path: string;
  title: string;
  kind: K;
  Editor: ComponentType<SectionEditorProps<K>>;
  describeError?: (path: string, draft: PolicyData<K>) => string | null;
  /** Why the section is read-only for everyone (PolicySection's readOnlyReason). */
  readOnlyReason?: string;
}): FamilySection {
  const { path, title, kind, Editor, describeError, readOnlyReason } = row;
  return {
    path,
    title,
    kind,
    features: policyKindFeatures(kind),
    render: ({ ruleId, openRule }) => (
      <PolicySection
        kind={kind}
        title={title}
        testId={path}
        describeError={describeError}
        readOnlyReason={readOnlyReason}
      >
        {(ed) => <LinkedEditor Editor={Editor} editor={ed} ruleId={ruleId} openRule={openRule} />}
      </PolicySection>
    ),
  };
}

/**
 * A permission group's page sections (issue 32 point 1): one per tab of the group's view rows
 * (`groupTabs`), in their order. `own` are the sections the family draws itself (the list and
 * rule editors, tabs that show several documents), registered here by tab; every other tab is
 * drawn by the kit from its kind's view row (`kitEditor`), so a new form kind needs no section.
 * Throws when an own section is no tab of the group or edits another kind than its tab's.
 */
export function familySections(group: PolicyPermissionGroup, own: readonly FamilySection[]): FamilySection[] {
  const tabs = groupTabs(group);
  for (const s of own)
    if (tabs.find((t) => t.path === s.path)?.kind !== s.kind)
      throw new Error(`${s.path} (${s.kind}) is no tab of ${group}'s page`);
  const drawn = new Set<string>();
  return tabs.flatMap((tab) => {
    if (drawn.has(tab.path)) return [];
    drawn.add(tab.path);
    return [
      own.find((s) => s.path === tab.path) ??
        policySection({ path: tab.path, title: tab.title, kind: tab.kind, ...kitEditor(tab.kind) }),
    ];
  });
}

function LinkedEditor<K extends PolicyKind>({
  Editor,
  editor,
  ruleId,
  openRule,
}: {
  Editor: ComponentType<SectionEditorProps<K>>;
  editor: LoadedEditor<K>;
  ruleId: string | null;
  openRule: (key: string | null) => void;
}) {
  const dropLink = useCallback(() => openRule(null), [openRule]);
  return (
    <Editor
      editor={editor}
      doc={editor.draft}
      onChange={editor.edit}
      readOnly={editor.readOnly}
      linkedKey={ruleId}
      onLinkOpened={dropLink}
      onOpenRule={openRule}
    />
  );
}

/**
 * A policy family's page (docs/policy.md §4 Policy): a tab per section of its table, each section a
 * document saved on its own, deep-linkable as #/policy/<base>/<section>; the first section when
 * none is named, Not found for an unknown one. `?rule=<key>` opens an entry of the section shown.
 */
export function PolicyFamilyPage({
  title,
  family,
  base,
  sections,
  children,
  ids: givenIds,
}: {
  title: string;
  /** Names the page's test ids (policyFamilyIds), e.g. "web". */
  family: string;
  /** The page's route path, e.g. /policy/web. */
  base: string;
  sections: readonly FamilySection[];
  /** Drawn under the tabs, above the section (e.g. a note that applies to every section). */
  children?: ReactNode;
  /** The page's test ids when they predate policyFamilyIds (the firewall's). */
  ids?: { page: string; tabs: string; tab: string };
}) {
  const params = useParams();
  const [ruleId, openRule] = useRuleParam();
  const flags = useAppSelector(selectFeatures);
  // A section whose feature flag is off for the tenant is not there at all (tab, deep link).
  const shown = sections.filter((s) => featuresAllow(s.features, flags));
  const segment = params['*'];
  const section = segment ? shown.find((s) => s.path === segment) : shown[0];
  if (!section) return <Navigate to={NOT_FOUND_PATH} replace />;
  const ids = givenIds ?? policyFamilyIds(family);
  return (
    <AreaPage title={title}>
      <Box data-testid={ids.page}>
        <Tabs
          value={section.path}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={`${title} sections`}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          data-testid={ids.tabs}
        >
          {shown.map((s) => (
            <Tab
              key={s.path}
              value={s.path}
              label={<TabLabel section={s} />}
              component={RouterLink}
              to={`${base}/${s.path}`}
              data-testid={`${ids.tab}-${s.path}`}
            />
          ))}
        </Tabs>
        {children}
        <Fragment key={section.path}>{section.render({ ruleId, openRule })}</Fragment>
      </Box>
    </AreaPage>
  );
}

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A tab's title, marked while its document has unsaved changes (they stay when switching tabs). */
function TabLabel({ section }: { section: FamilySection }) {
  const dirty = useAppSelector(selectPolicyDocDirty(section.kind));
  return (
    <span>
      {section.title}
      {dirty && (
        <>
          <Box component="span" sx={{ color: 'warning.main', ml: 0.5 }} aria-hidden>
            •
          </Box>
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {' '}
            (unsaved changes)
          </Box>
        </>
      )}
    </span>
  );
}
