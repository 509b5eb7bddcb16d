import { Alert, Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import type { PolicyKind } from '../../api/contract/policyKinds';
import { policyEditorIds } from '../../test-ids/webPolicyIds';
import type { PolicyDocEditor } from './usePolicyDocEditor';

/**
 * Props of PolicyDocToolbar: the Save, Undo and Redo of one policy editor, what state it is in,
 * and the server's message when a save failed.
 *
 * Usage: `<PolicyDocToolbar editor={ed} title="Categories" describeError={(path) => …} />`.
 */
export interface PolicyDocToolbarProps<K extends PolicyKind> {
  editor: PolicyDocEditor<K>;
  title: string;
  /** Where in the editor a 400's field is (e.g. "Rule 'Block ads'"), to prefix the message. */
  describeError?: (path: string) => string | null;
  /**
   * Why readers cannot change it, where it is not their role (e.g. "the parent tenant sets these
   * rules"); shown as "Read-only: <reason>.".
   */
  readOnlyReason?: string;
}

export function PolicyDocToolbar<K extends PolicyKind>({
  editor,
  title,
  describeError,
  readOnlyReason,
}: PolicyDocToolbarProps<K>) {
  const state = !editor.canWrite
    ? `Read-only: ${readOnlyReason ?? 'your role may not change this part of the policy'}.`
    : editor.saving
      ? 'Saving…'
      : editor.dirty
        ? 'Unsaved changes.'
        : 'All changes saved.';
  const where = editor.errorPath !== null ? describeError?.(editor.errorPath) : null;
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          color={editor.dirty && editor.canWrite ? 'warning.main' : 'text.secondary'}
          sx={{ flex: 1, minWidth: 160 }}
          role="status"
          data-testid={policyEditorIds.status}
        >
          {state}
        </Typography>
        {editor.canWrite && (
          <>
            <Tooltip title="Undo (Ctrl+Z)">
              <span>
                <IconButton
                  aria-label={`Undo in ${title}`}
                  disabled={!editor.canUndo}
                  onClick={editor.undo}
                  data-testid={policyEditorIds.undo}
                >
                  <UndoIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Redo (Ctrl+Shift+Z)">
              <span>
                <IconButton
                  aria-label={`Redo in ${title}`}
                  disabled={!editor.canRedo}
                  onClick={editor.redo}
                  data-testid={policyEditorIds.redo}
                >
                  <RedoIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Button
              variant="contained"
              // Pages may hold several editors (a tab with two documents): name what this one saves.
              aria-label={`Save ${title}`}
              disabled={!editor.canSave}
              onClick={editor.save}
              data-testid={policyEditorIds.save}
            >
              {editor.saving ? 'Saving…' : 'Save'}
            </Button>
          </>
        )}
      </Box>
      {editor.error && editor.status !== 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={policyEditorIds.error}>
          {where ? `${where}: ` : ''}
          {editor.error.message}
        </Alert>
      )}
    </Box>
  );
}
