/**
 * Settings › Multi-tenant (docs/access.md §7, common api/contract/multiTenant.ts): the tenant's
 * parents (primary_associations) and children (secondary_associations) with their status; who
 * may write (`settings:multi_tenant:write`) approves or declines a parent's pending request and
 * ends an active association, after confirming. An active parent's global rules then show,
 * read-only, in the web and content-inspection policy (docs/policy.md §11). Data through the
 * entity feature's requests (app/portalRequests.ts), never the HTTP client here.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  ApiCallError,
  Loading,
  selectCan,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import {
  ASSOCIATION_STATUS_LABELS,
  ASSOCIATION_TRANSITIONS,
  MULTI_TENANT_READ_PERMISSION,
  MULTI_TENANT_WRITE_PERMISSION,
  type AssociationStatus,
} from '@workbench/common/api/contract/multiTenant';
import { StatusChip, type StatusColour } from '@workbench/common/components/status-chip/index';
import { multiTenantIds } from '@workbench/common/test-ids/multiTenantIds';
import { useEntityCall, useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';

export const MULTI_TENANT_TEXTS = {
  title: 'Multi-tenant',
  intro:
    'A parent tenant applies its global web exceptions and browser rules around this tenant’s policy once you approve its request. They show read-only in your policy; only the parent changes them.',
  parents: 'Parent tenants',
  children: 'Child tenants',
  noParents: 'No parent tenant has asked to manage this tenant.',
  noChildren: 'This tenant is the parent of no other tenant.',
  noAccess: 'You do not have permission to see the multi-tenant associations.',
  loadFailed: 'The multi-tenant associations could not be loaded.',
  retry: 'Try again',
  approve: 'Approve',
  decline: 'Decline',
  end: 'End',
  withdraw: 'Withdraw',
  cancel: 'Cancel',
  approveTitle: (name: string) => `Approve ${name} as parent tenant?`,
  approveText: (name: string) =>
    `${name}’s published global rules will apply around this tenant’s policy, and show read-only in your web and content-inspection policy.`,
  declineTitle: (name: string) => `Decline ${name}’s request?`,
  declineText: (name: string) => `${name} will not become a parent of this tenant; it can ask again.`,
  endTitle: (name: string) => `End the association with ${name}?`,
  endText:
    'The parent’s global rules stop applying to the child at once. A new association needs a new request.',
  done: (verb: string, name: string) => `${verb} the association with ${name}.`,
} as const;

const STATUS_COLOURS: Readonly<Record<AssociationStatus, StatusColour>> = {
  pending: 'warning',
  active: 'success',
  rejected: 'default',
  revoked: 'default',
};

/** Which list a table shows: the tenant's parents (it is their child) or its children. */
type Side = 'parents' | 'children';
interface Row {
  uuid: string;
  name: string;
  status: AssociationStatus;
  created_at: string;
  updated_at: string;
}
interface Change {
  row: Row;
  to: AssociationStatus;
}

/** The button of each change a side may make (ASSOCIATION_TRANSITIONS), by target status. */
const ACTIONS: ReadonlyArray<{ to: AssociationStatus; label: string; testId: string }> = [
  { to: 'active', label: MULTI_TENANT_TEXTS.approve, testId: multiTenantIds.approve },
  { to: 'rejected', label: MULTI_TENANT_TEXTS.decline, testId: multiTenantIds.decline },
  { to: 'revoked', label: MULTI_TENANT_TEXTS.end, testId: multiTenantIds.end },
];

const when = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? new Date(t).toLocaleString() : '';
};

function AssociationTable({
  side,
  rows,
  canWrite,
  busy,
  onChange,
}: {
  side: Side;
  rows: readonly Row[];
  canWrite: boolean;
  busy: boolean;
  onChange: (change: Change) => void;
}) {
  const title = side === 'parents' ? MULTI_TENANT_TEXTS.parents : MULTI_TENANT_TEXTS.children;
  const headingId = `multi-tenant-${side}-heading`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={side === 'parents' ? multiTenantIds.parents : multiTenantIds.children}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">
          {side === 'parents' ? MULTI_TENANT_TEXTS.noParents : MULTI_TENANT_TEXTS.noChildren}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{side === 'parents' ? 'Parent tenant' : 'Child tenant'}</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Requested</TableCell>
                <TableCell>Last change</TableCell>
                {canWrite && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const allowed =
                  ASSOCIATION_TRANSITIONS[side === 'parents' ? 'asChild' : 'asParent'][row.status] ?? [];
                return (
                  <TableRow key={row.uuid} data-testid={`${multiTenantIds.row}-${row.uuid}`}>
                    <TableCell sx={{ fontWeight: 500 }}>{row.name}</TableCell>
                    <TableCell>
                      <StatusChip
                        label={ASSOCIATION_STATUS_LABELS[row.status]}
                        colour={STATUS_COLOURS[row.status]}
                        data-testid={`${multiTenantIds.status}-${row.uuid}`}
                      />
                    </TableCell>
                    <TableCell>{when(row.created_at)}</TableCell>
                    <TableCell>{when(row.updated_at)}</TableCell>
                    {canWrite && (
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          {ACTIONS.filter((a) => allowed.includes(a.to)).map((a) => (
                            <Button
                              key={a.to}
                              size="small"
                              variant={a.to === 'active' ? 'contained' : 'outlined'}
                              color={a.to === 'active' ? 'primary' : 'inherit'}
                              disabled={busy}
                              aria-label={`${a.label} ${row.name}`}
                              data-testid={`${a.testId}-${row.uuid}`}
                              onClick={() => onChange({ row, to: a.to })}
                            >
                              {/* A parent ending its own pending request withdraws it. */}
                              {side === 'children' && row.status === 'pending'
                                ? MULTI_TENANT_TEXTS.withdraw
                                : a.label}
                            </Button>
                          ))}
                        </Stack>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

function confirmTexts({ row, to }: Change): { title: string; text: string; verb: string; button: string } {
  if (to === 'active')
    return {
      title: MULTI_TENANT_TEXTS.approveTitle(row.name),
      text: MULTI_TENANT_TEXTS.approveText(row.name),
      verb: 'Approved',
      button: MULTI_TENANT_TEXTS.approve,
    };
  if (to === 'rejected')
    return {
      title: MULTI_TENANT_TEXTS.declineTitle(row.name),
      text: MULTI_TENANT_TEXTS.declineText(row.name),
      verb: 'Declined',
      button: MULTI_TENANT_TEXTS.decline,
    };
  return {
    title: MULTI_TENANT_TEXTS.endTitle(row.name),
    text: MULTI_TENANT_TEXTS.endText,
    verb: 'Ended',
    button: MULTI_TENANT_TEXTS.end,
  };
}

export function MultiTenantPage() {
  const dispatch = useAppDispatch();
  const canRead = useAppSelector(selectCan(MULTI_TENANT_READ_PERMISSION));
  const canWrite = useAppSelector(selectCan(MULTI_TENANT_WRITE_PERMISSION));
  const read = useEntityRead('getMultiTenantInfo', [], { enabled: canRead });
  const setStatus = useEntityCall('setAssociationStatus');
  const [pending, setPending] = useState<Change | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!canRead)
    return (
      <AreaPage title={MULTI_TENANT_TEXTS.title}>
        <Alert severity="info">{MULTI_TENANT_TEXTS.noAccess}</Alert>
      </AreaPage>
    );

  const info = read.data;
  const parents: Row[] = (info?.primary_associations ?? []).map((a) => ({ ...a, name: a.primary_name }));
  const children: Row[] = (info?.secondary_associations ?? []).map((a) => ({ ...a, name: a.secondary_name }));

  const confirm = async () => {
    if (!pending) return;
    const { verb } = confirmTexts(pending);
    setBusy(true);
    setError(null);
    try {
      await setStatus(pending.row.uuid, pending.to);
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: MULTI_TENANT_TEXTS.done(verb, pending.row.name),
        }),
      );
      setPending(null);
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : String(e));
      setPending(null);
    } finally {
      setBusy(false);
      // Whatever happened, show the associations as they are now.
      read.reload();
    }
  };

  const dialog = pending ? confirmTexts(pending) : null;
  return (
    <AreaPage title={MULTI_TENANT_TEXTS.title}>
      <Stack spacing={3} data-testid={multiTenantIds.page} sx={{ maxWidth: 1100 }}>
        <Typography color="text.secondary">{MULTI_TENANT_TEXTS.intro}</Typography>
        {error && (
          <Alert severity="error" data-testid={multiTenantIds.error} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {read.status === 'failed' && !info && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={read.reload}>
                {MULTI_TENANT_TEXTS.retry}
              </Button>
            }
          >
            {read.error?.message ?? MULTI_TENANT_TEXTS.loadFailed}
          </Alert>
        )}
        {!info && read.status !== 'failed' && <Loading label="Loading the multi-tenant associations" />}
        {info && (
          <>
            <AssociationTable
              side="parents"
              rows={parents}
              canWrite={canWrite}
              busy={busy}
              onChange={setPending}
            />
            <AssociationTable
              side="children"
              rows={children}
              canWrite={canWrite}
              busy={busy}
              onChange={setPending}
            />
          </>
        )}
      </Stack>
      <Dialog
        open={pending !== null}
        onClose={() => (busy ? undefined : setPending(null))}
        aria-labelledby="multi-tenant-confirm-title"
        data-testid={multiTenantIds.confirmDialog}
      >
        {dialog && (
          <>
            <DialogTitle id="multi-tenant-confirm-title">{dialog.title}</DialogTitle>
            <DialogContent>
              <DialogContentText>{dialog.text}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button disabled={busy} onClick={() => setPending(null)} data-testid={multiTenantIds.cancel}>
                {MULTI_TENANT_TEXTS.cancel}
              </Button>
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => void confirm()}
                data-testid={multiTenantIds.confirm}
              >
                {dialog.button}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </AreaPage>
  );
}
