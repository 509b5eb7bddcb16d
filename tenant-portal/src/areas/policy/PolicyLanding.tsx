import { useEffect, useState } from 'react';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  noteSaveRequested,
  policyIds,
  revisionRequested,
  selectAccessController,
  selectRevision,
  selectRevisionSlice,
  selectRevisionStatus,
  useAppDispatch,
  useAppSelector,
  useExtension,
} from '@workbench/common';
import { AreaPage } from '../AreaPage';
import { canWritePolicyNote } from '../../shell/policyPermissions';
import { PORTAL_NOTE_MAX_LENGTH } from '@workbench/common/api/contract/policyKinds';

/** The note's limit is the portal_note kind's (common's policy-kind registry). */
export const NOTE_MAX_LENGTH = PORTAL_NOTE_MAX_LENGTH;

/**
 * The policy area's landing page: the staged revision and its publish note. Readers see the note
 * read-only; writers (web_policy write) may edit it and Save. The note is a server extension
 * (revision-note, docs/api.md): without it the page shows the revision only.
 */
export function PolicyLanding() {
  const dispatch = useAppDispatch();
  const revision = useAppSelector(selectRevision);
  const status = useAppSelector(selectRevisionStatus);
  const savedNote = useAppSelector(selectRevisionSlice).note;
  const access = useAppSelector(selectAccessController);
  const noteServed = useExtension('revision-note');
  const writable = canWritePolicyNote(access);
  const [draft, setDraft] = useState(savedNote ?? '');

  useEffect(() => {
    if (status === 'idle') dispatch(revisionRequested());
  }, [dispatch, status]);
  useEffect(() => setDraft(savedNote ?? ''), [savedNote]);

  const tooLong = draft.length > NOTE_MAX_LENGTH;
  const saving = status === 'savingNote';
  return (
    <AreaPage title="Policy">
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }} data-testid={policyIds.noteEditor}>
        <Typography variant="h2" gutterBottom>
          Staged revision
        </Typography>
        <Typography data-testid={policyIds.revisionSummary} sx={{ mb: 2 }} color="text.secondary">
          {revision
            ? `Revision ${revision.staged_rev_id} — ${revision.state === 'staged' ? 'changes staged, not yet published' : 'no unpublished changes'}.`
            : 'Loading the revision…'}
        </Typography>
        {!noteServed ? null : writable ? (
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              if (!tooLong && revision) dispatch(noteSaveRequested({ note: draft }));
            }}
          >
            <Stack spacing={1.5}>
              <TextField
                label="Publish note"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                multiline
                minRows={3}
                fullWidth
                error={tooLong}
                helperText={
                  tooLong
                    ? `At most ${NOTE_MAX_LENGTH} characters.`
                    : 'Describes the staged changes for whoever publishes them.'
                }
                slotProps={{ htmlInput: { 'data-testid': policyIds.noteInput } }}
              />
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={!revision || saving || tooLong}
                  data-testid={policyIds.noteSave}
                >
                  {saving ? 'Saving…' : 'Save'}
                </Button>
              </Box>
            </Stack>
          </Box>
        ) : (
          <Box>
            <Typography variant="h3" component="p" gutterBottom>
              Publish note
            </Typography>
            <Typography data-testid={policyIds.noteInput}>{savedNote || 'No note.'}</Typography>
          </Box>
        )}
      </Paper>
    </AreaPage>
  );
}
