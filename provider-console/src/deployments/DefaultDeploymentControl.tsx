/**
 * The deployment new tenants are placed on (docs/provider-console.md §15, `default_deployment`):
 * shown to everyone, changed by operators (a deployment of the list; the server refuses one that
 * does not exist, 400 at default_deployment). Tenants already placed stay where they are.
 */
import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  selectProviderIsOperator,
  snackbarShown,
  toErrorInfo,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';

export function DefaultDeploymentControl() {
  const dispatch = useAppDispatch();
  const canWrite = useAppSelector(selectProviderIsOperator);
  const list = useEntityRead('getRolloutDeployments', []);
  const save = useEntityCall('setDefaultDeployment');
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = list.data?.default_deployment ?? '';
  const value = choice ?? current;

  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      await save(value);
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: `New tenants are placed on ${value} from now on.`,
        }),
      );
      setChoice(null);
      list.reload();
    } catch (e) {
      setError(toErrorInfo(e).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid={tenantOpsIds.defaultDeployment}>
      {(error ?? list.error) && <Alert severity="error">{error ?? list.error?.message}</Alert>}
      {canWrite ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Default deployment for new tenants"
            value={list.data ? value : ''}
            onChange={(e) => setChoice(e.target.value)}
            disabled={!list.data || busy}
            sx={{ minWidth: 320 }}
            slotProps={{
              select: {
                SelectDisplayProps: { 'data-testid': tenantOpsIds.defaultDeploymentSelect } as object,
              },
            }}
          >
            {(list.data?.deployments ?? []).map((d) => (
              <MenuItem
                key={d.deployment_id}
                value={d.deployment_id}
                data-testid={`${tenantOpsIds.defaultDeploymentSelect}-${d.deployment_id}`}
              >
                {d.name} ({d.deployment_id})
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={busy || choice === null || choice === current}
            onClick={() => void apply()}
            data-testid={tenantOpsIds.defaultDeploymentSave}
          >
            Make default
          </Button>
        </Stack>
      ) : (
        list.data && <Typography>Default deployment for new tenants: {current}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        A tenant created from now on is placed on this deployment; tenants already placed stay where they are
        (move them from the tenants list).
      </Typography>
    </Stack>
  );
}
