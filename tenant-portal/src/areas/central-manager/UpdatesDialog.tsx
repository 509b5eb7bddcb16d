/**
 * An appliance's software (docs/central-manager.md §9): the version it runs and its slot; a check
 * for newer releases; each release found downloaded, then installed; the rollback list (Factory
 * Reset at slot 0, then every slot but the active one). Each action is a job followed here to its
 * end, after which the appliance is read again. Who may only read sees the state and no action.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { UpdateAction } from '@workbench/common/api/centralManager';
import type { ManagedSystem } from '@workbench/common/api/contract/centralManager';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { configTypeLabel } from '@workbench/common/vocabularies/sharedUiMaps';
import { useEntityCall, useEntityRead } from './centralManagerRequests';
import { CmJobProgress } from './CmJobProgress';

export const UPDATES_TEXTS = {
  title: (name: string) => `Software of ${name}`,
  runs: (version: string, slot: number) => `Runs ${version} from slot ${slot}`,
  check: 'Check for updates',
  notChecked: 'Not checked for updates yet.',
  releases: 'Newer releases',
  rollback: 'Roll back',
  rollbackTo: (version: string, description: string) => `Roll back to ${version} (${description})`,
  // A job's title: the config type mapping's label of its kind (docs/glossary.md §4).
  jobTitle: {
    check: 'Update check',
    download: configTypeLabel('image_download'),
    install: configTypeLabel('upgrade_image'),
    rollback: configTypeLabel('rollback_image'),
  } satisfies Record<UpdateAction, string>,
} as const;

export function UpdatesDialog({
  system,
  canWrite,
  onClose,
}: {
  system: ManagedSystem;
  canWrite: boolean;
  onClose: () => void;
}) {
  const read = useEntityRead('getUpdates', [system.id]);
  const updateAction = useEntityCall('updateAction');
  const [job, setJob] = useState<{ id: string; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One action at a time: the buttons wait until the job followed here has ended.
  const [busy, setBusy] = useState(false);
  const state = read.data;
  const { reload } = read;

  const start = (action: UpdateAction, body?: Record<string, unknown>, what?: string) => {
    setError(null);
    setBusy(true);
    updateAction(system.id, action, body).then(
      (id) => setJob({ id, title: `${UPDATES_TEXTS.jobTitle[action]}${what ? `: ${what}` : ''}` }),
      (e: unknown) => {
        setBusy(false);
        setError(toErrorInfo(e, 'updateAction').message);
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="cm-updates-title"
      data-testid={ids.updatesDialog}
    >
      <DialogTitle id="cm-updates-title">{UPDATES_TEXTS.title(system.name)}</DialogTitle>
      <DialogContent>
        {job && (
          <CmJobProgress
            key={job.id}
            jobId={job.id}
            title={job.title}
            onClose={() => setJob(null)}
            onEnded={() => {
              setBusy(false);
              reload();
            }}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {read.status === 'failed' ? (
          <LoadFailed message={read.error?.message ?? 'The software was not read.'} onRetry={read.reload} />
        ) : state === null ? (
          <Loading label={`Reading the software of ${system.name}`} />
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography sx={{ flex: 1 }} data-testid={ids.updatesVersion}>
                {UPDATES_TEXTS.runs(state.version, state.active_slot)}
              </Typography>
              {canWrite && (
                <Button disabled={busy} onClick={() => start('check')} data-testid={ids.updatesCheck}>
                  {UPDATES_TEXTS.check}
                </Button>
              )}
            </Stack>
            {state.checked_at === null ? (
              <Typography color="text.secondary">{UPDATES_TEXTS.notChecked}</Typography>
            ) : (
              state.check_reason && <Typography color="text.secondary">{state.check_reason}</Typography>
            )}
            {state.available.length > 0 && (
              <List dense aria-label={UPDATES_TEXTS.releases}>
                {state.available.map((r) => {
                  const downloaded = state.downloaded.includes(r.version);
                  return (
                    <ListItem
                      key={r.version}
                      disableGutters
                      data-testid={`${ids.updatesRelease}-${r.version}`}
                      secondaryAction={
                        canWrite &&
                        (downloaded ? (
                          <Button
                            disabled={busy}
                            onClick={() => start('install', { version: r.version }, r.version)}
                            data-testid={`${ids.updatesInstall}-${r.version}`}
                          >
                            {UPDATES_TEXTS.jobTitle.install}
                          </Button>
                        ) : (
                          <Button
                            disabled={busy}
                            onClick={() => start('download', { version: r.version }, r.version)}
                            data-testid={`${ids.updatesDownload}-${r.version}`}
                          >
                            {UPDATES_TEXTS.jobTitle.download}
                          </Button>
                        ))
                      }
                    >
                      <ListItemText primary={r.version} secondary={r.description} />
                    </ListItem>
                  );
                })}
              </List>
            )}
            {canWrite && (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="subtitle2">{UPDATES_TEXTS.rollback}</Typography>
                {state.rollback.map((s) => (
                  <Button
                    key={s.slot_id}
                    disabled={busy}
                    onClick={() => start('rollback', { slot_id: s.slot_id }, s.version)}
                    data-testid={`${ids.updatesRollback}-${s.slot_id}`}
                  >
                    {UPDATES_TEXTS.rollbackTo(s.version, s.description)}
                  </Button>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={ids.updatesClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
