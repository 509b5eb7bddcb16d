import { useId } from 'react';
import { Box, Typography } from '@mui/material';
import { LoadFailed, Loading, usePolicyDocEditor } from '@workbench/common';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { InspectionRuleList } from './InspectionRuleList';
import { hashesSummary } from './ExceptionsSection';
import type { ExceptionRule } from './inspectionRuleForm';
import { editorServerError } from '../kit/serverError';

type GlobalDoc = PolicyData<'inspection/global_exceptions'>;
type ParentDoc = PolicyData<'inspection/parent_global_exceptions'>;

/** The two stages of a global document: before the policy's own rules, and after them. */
export const STAGES = [
  { list: 'pre', title: 'Checked first (before the policy’s rules)' },
  { list: 'post', title: 'Checked last (after the policy’s rules)' },
] as const;

/**
 * The tenant's global inspection exceptions (docs/policy.md §3 global exceptions: pre and post;
 * §7 rules/inspection/global_exceptions/{rev}): rules around the inspection rules, `pre` checked
 * before them, `post` after. Each list is ordered (first enabled match wins).
 */
export function GlobalExceptionsSection({
  editor,
  doc,
  onChange,
  readOnly,
}: SectionEditorProps<'inspection/global_exceptions'>) {
  const serverError = editorServerError(editor);
  return (
    <Box>
      {STAGES.map((stage) => (
        <Box key={stage.list} sx={{ mb: 3 }}>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {stage.title}
          </Typography>
          <InspectionRuleList
            kind="exception"
            listId={`global-${stage.list}`}
            label={`Global inspection exceptions: ${stage.title}`}
            noun="Global inspection exception"
            rules={doc[stage.list]}
            onChange={(rules) => onChange({ ...doc, [stage.list]: rules } as GlobalDoc)}
            readOnly={readOnly}
            filesColumn={{ header: 'Files', value: hashesSummary }}
            emptyText="No rules."
            serverError={serverError}
            listPath={stage.list}
          />
        </Box>
      ))}
    </Box>
  );
}

/** A list of the parent's rules, read-only (the parent decides them). */
function ParentList({ title, rules }: { title: string; rules: readonly ExceptionRule[] }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <InspectionRuleList
        kind="exception"
        listId="parent"
        label={`Parent tenant's inspection exceptions: ${title}`}
        noun="Parent tenant's inspection exception"
        rules={rules}
        onChange={() => undefined}
        readOnly
        filesColumn={{ header: 'Files', value: hashesSummary }}
        emptyText="No rules."
      />
    </Box>
  );
}

/**
 * What the parent tenant sets (docs/policy.md §3 parent global exceptions: pre and post; docs/http-client.md §5: a
 * 403 or 404 reads as empty): read-only here, and "No rules set by the parent" when there are none
 * (also when there is no parent, or the tenant may not see its rules), never an error.
 */
export function ParentGlobalExceptions({ doc }: { doc: ParentDoc }) {
  const empty = doc.pre.length === 0 && doc.post.length === 0;
  return (
    <Box data-testid={inspectionIds.parentRules}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A parent tenant’s global rules wrap this tenant’s: its first rules are checked before everything here,
        its last rules after. Only the parent can change them.
      </Typography>
      {empty ? (
        <Typography data-testid={inspectionIds.parentEmpty}>No rules set by the parent</Typography>
      ) : (
        STAGES.map((stage) => <ParentList key={stage.list} title={stage.title} rules={doc[stage.list]} />)
      )}
    </Box>
  );
}

/**
 * The parent's rules as a section of their own: loaded like any document, but with no Save, Undo
 * or unsaved state (nothing here can change them, whatever the role).
 */
export function ParentGlobalSection() {
  const editor = usePolicyDocEditor('inspection/parent_global_exceptions');
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={`${policyEditorIds.section}-global-exceptions-parent`}
    >
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        Set by the parent tenant
      </Typography>
      {editor.status === 'failed' && editor.error ? (
        <LoadFailed message={editor.error.message} onRetry={editor.reload} />
      ) : editor.draft === null ? (
        <Loading label="Loading the parent tenant's rules" />
      ) : (
        <ParentGlobalExceptions doc={editor.draft} />
      )}
    </Box>
  );
}
