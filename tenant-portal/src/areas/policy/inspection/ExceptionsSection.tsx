import { Box } from '@mui/material';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import { pathInList } from '../web/listEdits';
import { BypassDomainsField } from '../kit/BypassDomainsField';
import { InspectionRuleList } from './InspectionRuleList';
import { few } from './inspectionModel';

type ExceptionsDoc = PolicyData<'inspection/exceptions'>;

/** Says where a 400 of a rule list points ("Rule 'Skip updates'"), for lists at `paths`. */
export const describeRulesError =
  (...paths: string[]) =>
  (path: string, doc: unknown): string | null => {
    for (const list of paths) {
      const at = pathInList(path, list);
      if (!at) continue;
      const rules = list.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], doc);
      const rule = Array.isArray(rules) ? (rules[at.index] as { name?: string } | undefined) : undefined;
      return rule?.name ? `Rule '${rule.name}'` : `Rule ${at.index + 1}`;
    }
    const bypass = pathInList(path, 'bypass');
    return bypass ? `Bypass domains, line ${bypass.index + 1}` : null;
  };

/** A hash shortened for a table cell. */
export const shortHash = (h: string): string => `${h.slice(0, 10)}…`;

/** The files column of inspection exceptions: the hashes they settle, or every file. */
export const hashesSummary = (r: { sha256: readonly string[] }): string =>
  r.sha256.length ? few(r.sha256.map(shortHash), 2) : 'Every file';

/**
 * Inspection rules & exceptions (docs/policy.md §3 exception rules: list, bypass,
 * reorderingEvents; docs/glossary.md §2 inspection action: Mark as Clean, Mark as Infected, Inspect):
 * rules that settle a file's verdict before it is scanned, in order, and the domains whose files
 * are never inspected.
 */
export function ExceptionsSection({
  doc,
  onChange,
  readOnly,
  openRuleId,
  onOpenRule,
  serverError,
}: {
  doc: ExceptionsDoc;
  onChange: (doc: ExceptionsDoc) => void;
  readOnly: boolean;
  openRuleId: string | null;
  onOpenRule: (id: string | null) => void;
  serverError: { path: string; message: string } | null;
}) {
  return (
    <Box>
      <InspectionRuleList
        kind="exception"
        listId="exceptions"
        label="Inspection rules"
        noun="Inspection rule"
        rules={doc.list}
        onChange={(list) => onChange({ ...doc, list })}
        readOnly={readOnly}
        filesColumn={{ header: 'Files', value: hashesSummary }}
        emptyText="No inspection rules yet: every file is inspected as the settings say."
        openRuleId={openRuleId}
        onOpenRule={onOpenRule}
        serverError={serverError}
      />
      <BypassDomainsField
        label="Domains whose files are never inspected (one per line)"
        domains={doc.bypass}
        onChange={(bypass) => onChange({ ...doc, bypass })}
        readOnly={readOnly}
        testId={inspectionIds.bypassDomains}
      />
    </Box>
  );
}
