/**
 * A tenant's actions menu (operators; docs/provider-console.md §15): the commands `rolloutinit`
 * (apply a rollout's change to this tenant now, ahead of its wave or again after it failed) and
 * `tenantpolicyinit` (publish a policy template as the tenant's next revision). Each opens a
 * dialog that lists what can be chosen (the rollouts this tenant is in and not applied in; the
 * stored templates), says what will happen, and shows the server's answer: the tenant's result in
 * the rollout, or the revision published, with what changed.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  List,
  ListItem,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { snackbarShown, toErrorInfo, useAppDispatch } from '@workbench/common';
import type { RolloutDiffItem } from '@workbench/common/api/contract/providerRollouts';
import type { TenantDetail } from '@workbench/common/api/contract/providerTenants';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import { TenantActionFrame } from './tenantFormKit';
import { describeChange, describeValue } from '../rollouts/rolloutText';
import { usePolicyTemplates } from '../rollouts/usePolicyTemplates';

type Command = 'rolloutinit' | 'tenantpolicyinit';

export function TenantActionsMenu({ tenant, onDone }: { tenant: TenantDetail; onDone(): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [command, setCommand] = useState<Command | null>(null);
  const pick = (c: Command) => {
    setAnchor(null);
    setCommand(c);
  };
  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={tenantOpsIds.actionsMenu}
      >
        Actions
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('rolloutinit')} data-testid={tenantOpsIds.actionRolloutInit}>
          Apply a rollout now…
        </MenuItem>
        <MenuItem onClick={() => pick('tenantpolicyinit')} data-testid={tenantOpsIds.actionPolicyInit}>
          Apply a policy template…
        </MenuItem>
      </Menu>
      {command && (
        <CommandDialog
          tenant={tenant}
          command={command}
          onClose={(ran) => {
            setCommand(null);
            if (ran) onDone();
          }}
        />
      )}
    </>
  );
}

const ChangeList = ({ changes }: { changes: readonly RolloutDiffItem[] }) =>
  changes.length === 0 ? (
    <Typography>Nothing changed: the tenant already had it.</Typography>
  ) : (
    <List dense aria-label="What changed">
      {changes.map((c) => (
        <ListItem key={c.item}>
          <ListItemText
            primary={c.item}
            secondary={`${describeValue(c.before)} → ${describeValue(c.after)}`}
          />
        </ListItem>
      ))}
    </List>
  );

function CommandDialog({
  tenant,
  command,
  onClose,
}: {
  tenant: TenantDetail;
  command: Command;
  onClose(ran: boolean): void;
}) {
  const dispatch = useAppDispatch();
  const rollouts = useEntityRead('listRolloutsPendingFor', [tenant.tid], {
    enabled: command === 'rolloutinit',
  });
  const templates = usePolicyTemplates();
  const rolloutInit = useEntityCall('rolloutInit');
  const tenantPolicyInit = useEntityCall('tenantPolicyInit');
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; changes: RolloutDiffItem[] } | null>(null);

  const isRollout = command === 'rolloutinit';
  const options = isRollout
    ? (rollouts.data?.rollouts ?? []).map((r) => ({
        value: r.id,
        label: `${r.name}: ${describeChange(r.change, templates.titleOf)} (${r.state})`,
      }))
    : (templates.templates ?? []).map((t) => ({
        value: t.template_id,
        label: `${t.title} (${Object.keys(t.documents).join(', ')})`,
      }));
  const loading = isRollout
    ? !rollouts.data && !rollouts.error
    : templates.templates === null && !templates.error;
  const loadError = isRollout ? (rollouts.error?.message ?? null) : templates.error;
  const chosen = options.find((o) => o.value === choice);
  const explanation = !chosen
    ? null
    : isRollout
      ? `The change of the rollout ${chosen.label} is applied to ${tenant.name} now, ahead of its wave; the rollout records it as applied, and its rollback restores the tenant as it was before.`
      : `The documents of the template ${templates.titleOf(choice)} are staged into the policy of ${tenant.name} and published at once as its next revision; the revisions before it are kept.`;

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      if (isRollout) {
        const t = await rolloutInit(tenant.tid, choice);
        setResult({ text: `Applied to ${tenant.name} (wave ${t.wave}): ${t.status}.`, changes: t.changes });
      } else {
        const r = await tenantPolicyInit(tenant.tid, choice);
        setResult({ text: `Published as revision ${r.rev_id} of ${tenant.name}.`, changes: r.changes });
      }
      dispatch(
        snackbarShown({ kind: 'save', outcome: 'success', message: `${command} ran on ${tenant.name}.` }),
      );
    } catch (e) {
      setError(toErrorInfo(e).message);
    } finally {
      setBusy(false);
    }
  };

  const title = isRollout
    ? `Apply a rollout to ${tenant.name} now`
    : `Apply a policy template to ${tenant.name}`;
  return (
    <TenantActionFrame
      title={title}
      testId={tenantOpsIds.commandDialog}
      busy={busy}
      error={error ?? loadError}
      onClose={() => onClose(result !== null)}
      actions={
        <>
          {result ? (
            <Button onClick={() => onClose(true)}>Close</Button>
          ) : (
            <>
              <Button onClick={() => onClose(false)} disabled={busy}>
                Cancel
              </Button>
              <Button
                variant="contained"
                disabled={busy || !chosen}
                onClick={() => void run()}
                data-testid={tenantOpsIds.commandSubmit}
              >
                {isRollout ? 'Apply rollout' : 'Publish template'}
              </Button>
            </>
          )}
        </>
      }
    >
      {result ? (
        <Stack spacing={1} data-testid={tenantOpsIds.commandResult}>
          <Alert severity="success">{result.text}</Alert>
          <ChangeList changes={result.changes} />
        </Stack>
      ) : (
        <>
          {!loading && options.length === 0 ? (
            <Typography>
              {isRollout
                ? `${tenant.name} is in no rollout that still has to apply to it.`
                : 'There is no policy template yet (Policy templates, beside Rollouts).'}
            </Typography>
          ) : (
            <TextField
              select
              label={isRollout ? 'Rollout' : 'Policy template'}
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              disabled={loading || busy}
              fullWidth
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': tenantOpsIds.commandChoice } as object },
              }}
            >
              {options.map((o) => (
                <MenuItem
                  key={o.value}
                  value={o.value}
                  data-testid={`${tenantOpsIds.commandChoice}-${o.value}`}
                >
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          {explanation && <Typography>{explanation}</Typography>}
        </>
      )}
    </TenantActionFrame>
  );
}
