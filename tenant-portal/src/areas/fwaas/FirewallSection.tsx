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
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { FirewallSectionDef } from './firewallSections';

type Kind = FirewallSectionDef['kind'];
/** An editor whose document is loaded. */
export type LoadedEditor<K extends Kind> = PolicyDocEditor<K> & { draft: PolicyData<K> };

/**
 * One section of the Firewall page: its document's editor (usePolicyDocEditor: loaded at the
 * staged revision, saved with rev_id, state and updated_at: portal-core §3), heading, the shared
 * PolicyDocToolbar (Save / Undo / Redo, state, the save error) and ConflictDialog (409).
 * Ctrl+Z / Ctrl+Shift+Z inside it undo and redo its own edits. The content shows once loaded.
 */
export function FirewallSection<K extends Kind>({
  section,
  describeError,
  children,
}: {
  section: FirewallSectionDef & { kind: K };
  /** Where a 400's field is ("Rule 3 (Block ssh)"), to prefix the server's message. */
  describeError?: (path: string, draft: PolicyData<K>) => string | null;
  children: (editor: LoadedEditor<K>) => ReactNode;
}) {
  const editor = usePolicyDocEditor(section.kind);
  const headingId = useId();
  const draft = editor.draft;
  const docTitle = `Firewall ${section.title.toLowerCase()}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={`${firewallIds.section}-${section.path}`}
      onKeyDown={editor.onKeyDown}
    >
      <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
        {section.title}
      </Typography>
      {editor.status === 'failed' && editor.error ? (
        <LoadFailed message={editor.error.message} onRetry={editor.reload} />
      ) : draft === null ? (
        <Loading label={`Loading ${section.title}`} />
      ) : !Array.isArray((draft as { list?: unknown }).list) ? (
        // A reply without the document's list (another backend, a proxy's page): say so, do not draw it.
        <LoadFailed
          message={`The ${docTitle.toLowerCase()} could not be read: the reply holds no list.`}
          onRetry={editor.reload}
        />
      ) : (
        <>
          <PolicyDocToolbar
            editor={editor}
            title={section.title}
            describeError={describeError ? (path) => describeError(path, draft) : undefined}
          />
          {children(editor as LoadedEditor<K>)}
        </>
      )}
      <ConflictDialog
        title={docTitle}
        conflict={editor.conflict}
        onReapply={editor.reapplyMine}
        onDiscard={editor.discardMine}
      />
    </Box>
  );
}
