import { useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { webControlIds } from '@workbench/common/test-ids/webControlIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { BnbSection, type BnbStages } from './BnbSection';
import { DomainRulesList } from './ExceptionsSection';
import { useCategoryGroups } from './useCategoryGroups';
import { pathInList } from './listEdits';
import { editorServerError, listServerError } from '../kit/serverError';

type GlobalExceptionsDoc = PolicyData<'web/global_exceptions'>;
type Stage = 'pre' | 'post';

/** The tenant's global rules wrap its policy: pre before every rule of it, post after (globalKinds.ts). */
const EXCEPTION_STAGES: ReadonlyArray<{ stage: Stage; title: string; text: string }> = [
  {
    stage: 'pre',
    title: 'Before the policy',
    text: 'Checked before every other web rule: the first enabled rule that matches decides.',
  },
  {
    stage: 'post',
    title: 'After the policy',
    text: 'Checked when no other web rule decided: the first enabled rule that matches decides.',
  },
];

const BNB_STAGES: BnbStages = [
  { stage: 'pre', title: 'Before the policy', text: 'Checked before the browser rules of the policy.' },
  { stage: 'post', title: 'After the policy', text: 'Checked when no browser rule of the policy decided.' },
];

/** Says where a 400 of the global exceptions points ("Before the policy: rule 'Block ads'"). */
export function describeGlobalExceptionsError(path: string, doc: GlobalExceptionsDoc): string | null {
  for (const { stage, title } of EXCEPTION_STAGES) {
    const at = pathInList(path, stage);
    if (at) {
      const rule = doc[stage][at.index];
      return `${title}: ${rule ? `rule '${rule.name}'` : `rule ${at.index + 1}`}`;
    }
  }
  return null;
}

/** "No rules set by the parent": what a parent's empty document (or its 403/404) reads as. */
export const NO_PARENT_RULES = 'No rules set by the parent';
const PARENT_NOTE =
  'Set by your parent tenant and applied around your global rules. Only the parent tenant can change them.';

function ParentEmpty() {
  return (
    <Alert severity="info" data-testid={webControlIds.parentEmpty}>
      {NO_PARENT_RULES}.
    </Alert>
  );
}

function GlobalExceptions({
  doc,
  onChange,
  readOnly,
  groups,
  linkedKey,
  onOpenRule,
  serverError,
  listId,
}: {
  doc: GlobalExceptionsDoc;
  onChange: (doc: GlobalExceptionsDoc) => void;
  readOnly: boolean;
  groups: ReturnType<typeof useCategoryGroups>;
  linkedKey: string | null;
  onOpenRule: (id: string | null) => void;
  serverError: { path: string; message: string } | null;
  listId: string;
}) {
  const missing = linkedKey !== null && ![...doc.pre, ...doc.post].some((r) => r.id === linkedKey);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {missing && (
        <Alert severity="info" onClose={() => onOpenRule(null)}>
          The rule {linkedKey} is not in the staged policy; it may have been deleted.
        </Alert>
      )}
      {EXCEPTION_STAGES.map(({ stage, title, text }) => (
        <Box key={stage} component="section" aria-label={title}>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {title}
          </Typography>
          <DomainRulesList
            rules={doc[stage]}
            onChange={(rules) => onChange({ ...doc, [stage]: rules })}
            readOnly={readOnly}
            groups={groups}
            openRuleId={linkedKey !== null && doc[stage].some((r) => r.id === linkedKey) ? linkedKey : null}
            onOpenRule={onOpenRule}
            serverError={listServerError(serverError, stage)}
            listId={`${listId}-${stage}`}
            label={`${title}: domain rules`}
            intro={text}
          />
        </Box>
      ))}
    </Box>
  );
}

/**
 * The tenant's global web exceptions (docs/policy.md §3: pre and post; §5
 * rules/web/global_exceptions/{rev}): the domain rules' editor, once per list.
 */
export function GlobalExceptionsSection({
  editor,
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'web/global_exceptions'>) {
  return (
    <GlobalExceptions
      doc={doc}
      onChange={onChange}
      readOnly={readOnly}
      groups={useCategoryGroups()}
      linkedKey={linkedKey}
      onOpenRule={onOpenRule}
      serverError={editorServerError(editor)}
      listId="global-exceptions"
    />
  );
}

/**
 * The parent tenant's global web exceptions (docs/http-client.md §5: a 403 or 404 reads as empty):
 * read-only, with the same editor.
 */
export function ParentGlobalExceptionsSection({ doc }: SectionEditorProps<'web/parent_global_exceptions'>) {
  const groups = useCategoryGroups();
  // The page's ?rule= names the tenant's own rules: a parent's rule is opened (read-only) here only.
  const [open, setOpen] = useState<string | null>(null);
  if (doc.pre.length === 0 && doc.post.length === 0) return <ParentEmpty />;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {PARENT_NOTE}
      </Typography>
      <GlobalExceptions
        doc={doc}
        onChange={() => undefined}
        readOnly
        groups={groups}
        linkedKey={open}
        onOpenRule={setOpen}
        serverError={null}
        listId="parent-global-exceptions"
      />
    </Box>
  );
}

/** The parent tenant's global browser rules: read-only; nothing set (or 403/404) reads as empty. */
export function ParentGlobalBnbSection({ doc }: SectionEditorProps<'parent_global_bnb'>) {
  const empty =
    doc.pre.list.length === 0 &&
    doc.post.list.length === 0 &&
    doc.pre.unsupported_or_non_browsers === 'allow' &&
    doc.post.unsupported_or_non_browsers === 'allow';
  if (empty) return <ParentEmpty />;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {PARENT_NOTE}
      </Typography>
      <BnbSection
        doc={doc}
        onChange={() => undefined}
        readOnly
        stages={BNB_STAGES}
        listId="parent-global-bnb"
      />
    </Box>
  );
}
