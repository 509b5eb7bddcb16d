import { useId, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import {
  ConflictDialog,
  LoadFailed,
  Loading,
  PolicyDocToolbar,
  usePolicyDocEditor,
  type PolicyDocEditor,
} from '@workbench/common';
import {
  POLICY_KIND_REGISTRY,
  type PolicyData,
  type PolicyKind,
} from '@workbench/common/api/contract/policyKinds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';

/** The first top-level field the kind's document must have that `draft` lacks, or null. */
function missingField(kind: PolicyKind, draft: object): string | null {
  const required = (POLICY_KIND_REGISTRY[kind].data as { required?: string[] }).required ?? [];
  return required.find((field) => !(field in draft)) ?? null;
}

/** An editor whose document is loaded. */
export type LoadedEditor<K extends PolicyKind> = PolicyDocEditor<K> & { draft: PolicyData<K> };

/**
 * One section of a policy page: its document's editor (usePolicyDocEditor), heading, Save / Undo /
 * Redo, the save error and the conflict dialog. Ctrl+Z / Ctrl+Shift+Z inside it undo and redo its
 * own edits. The content is drawn once the document is loaded.
 */
export function PolicySection<K extends PolicyKind>({
  kind,
  title,
  testId,
  testIdPrefix = policyEditorIds.section,
  documentName = title,
  readOnlyReason,
  describeError,
  children,
}: {
  kind: K;
  title: string;
  /** Suffix of the section's test id (`<testIdPrefix>-<testId>`). */
  testId: string;
  /** The family's section test id (default policyEditorIds.section; the firewall's firewallIds.section). */
  testIdPrefix?: string;
  /** The document's name where the heading alone is too short ("Firewall rules" for "Rules"). */
  documentName?: string;
  /** Why nobody here may change it (the toolbar's read-only line), where it is not the role. */
  readOnlyReason?: string;
  describeError?: (path: string, draft: PolicyData<K>) => string | null;
  children: (editor: LoadedEditor<K>) => ReactNode;
}) {
  const editor = usePolicyDocEditor(kind);
  const headingId = useId();
  const draft = editor.draft;
  const missing = draft === null ? null : missingField(kind, draft);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={`${testIdPrefix}-${testId}`}
      onKeyDown={editor.onKeyDown}
    >
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {editor.status === 'failed' && editor.error ? (
        <LoadFailed message={editor.error.message} onRetry={editor.reload} />
      ) : draft === null ? (
        <Loading label={`Loading ${title}`} />
      ) : missing !== null ? (
        // A reply that is not this kind's document (another backend, a proxy's page): say so
        // rather than draw it.
        <LoadFailed
          message={`${documentName} could not be read: the reply holds no ${missing}.`}
          onRetry={editor.reload}
        />
      ) : (
        <>
          <PolicyDocToolbar
            editor={editor}
            title={title}
            readOnlyReason={readOnlyReason}
            describeError={describeError ? (path) => describeError(path, draft) : undefined}
          />
          {children(editor as LoadedEditor<K>)}
        </>
      )}
      <ConflictDialog
        title={documentName}
        conflict={editor.conflict}
        onReapply={editor.reapplyMine}
        onDiscard={editor.discardMine}
      />
    </Box>
  );
}
