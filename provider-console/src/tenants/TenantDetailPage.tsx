/**
 * A tenant's detail (issue 14): tabs over the tenant's overview (rename, disable, re-enable),
 * SKUs, capabilities (every change previewed through the server's dry run before it is applied;
 * each one's validity), users (with the import wizard), policy revisions (read-only), policy API
 * and logging auth tokens, IP restrictions, the documents of each tab (TENANT_DOCUMENTS rows name
 * their tab: entitlements, settings, VPN) and the RBAC list. Support staff see every tab and no
 * control that writes. Decisions: README.md beside this file.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Link,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  LoadFailed,
  Loading,
  ReadableDiff,
  providerIds,
  providerPageIds,
  REVISION_DIFF_PARAM,
  selectProviderIsOperator,
  TENANT_TAB_PARAM,
  selectServedExtensions,
  snackbarShown,
  toErrorInfo,
  useAppDispatch,
  useAppSelector,
  useExtension,
  type ApiCallErrorInfo,
} from '@workbench/common';
import type { MfaUser } from '@workbench/common/api/contract/auth';
import {
  TENANT_DOCUMENT_NAMES,
  TENANT_TOKEN_LISTS,
  TENANT_TOKEN_LIST_NAMES,
  tenantDocumentDef,
  type AccountPasswordReset,
  type CapabilityChange,
  type PolicyToken,
  type TenantAdminCreated,
  type TenantDetail,
  type TenantDocumentDef,
  type TenantTokenListName,
} from '@workbench/common/api/contract/providerTenants';
import { useEntityCall, useEntityRead, useTenantDocument } from '../app/consoleEntities';
import type { ExtensionId } from '@workbench/common/api/contract/extensions';
import { DocumentEditor } from './DocumentEditor';
import { TenantUsersImport } from './TenantUsersImport';
import { AddTenantAdminDialog } from './AddTenantAdminDialog';
import { AuditTrailView } from '../audit/AuditTrailPage';
import { CapabilityStateChip, ExpiredChip, settingWarning } from '../capabilities/SchemaStateChip';
import { CapabilityPicker } from '../capabilities/CapabilityPicker';
import { TenantSummary } from './TenantSummary';
import { TenantActionsMenu } from './TenantActionsMenu';
import { TenantUserDialog } from './TenantUserDialog';
import type { EndUser } from '@workbench/common/api/contract/udb';
import { tenantOpsIds } from '@workbench/common/test-ids/tenantOpsIds';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';
import { capabilityMeaning } from '@workbench/common/api/contract/providerCapabilityStates';
import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { useConfirmAction } from '@workbench/common/components/confirm-delete/index';
import { CATEGORIES_V1 } from '@workbench/common/vocabularies/webCategoriesV1';

export const TENANT_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'skus', label: 'SKUs' },
  { id: 'capabilities', label: 'Capabilities' },
  { id: 'users', label: 'Users' },
  { id: 'revisions', label: 'Policy revisions' },
  { id: 'tokens', label: 'Tokens' },
  { id: 'ip', label: 'IP restrictions' },
  // The tenant's documents by tab (TENANT_DOCUMENTS rows name their tab) and the RBAC list.
  { id: 'entitlements', label: 'Entitlements' },
  { id: 'settings', label: 'Settings' },
  { id: 'vpn', label: 'VPN' },
  { id: 'rbac', label: 'RBAC' },
  // The provider audit trail is a server extension (docs/api.md): shown when the server serves it.
  { id: 'audit', label: 'Audit trail', extension: 'provider-audit' },
] as const satisfies readonly { id: string; label: string; extension?: ExtensionId }[];
type TabId = (typeof TENANT_TABS)[number]['id'];

/** Runs a write; its refusal stays for the tab to show, success reloads and says so. */
function useWrite(after: () => void) {
  const dispatch = useAppDispatch();
  const [error, setError] = useState<ApiCallErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await call();
      dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: done }));
      after();
      return true;
    } catch (e) {
      setError(toErrorInfo(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

/** The confirmation of a tab's destructive action (disable, delete a user, revoke a token). */
const useTenantConfirm = () =>
  useConfirmAction({
    dialog: providerPageIds.tenantConfirm,
    cancel: providerPageIds.tenantConfirmCancel,
    confirm: providerPageIds.tenantConfirmOk,
  });

const TabError = ({ error }: { error: ApiCallErrorInfo | null }) =>
  error ? (
    <Alert severity="error" sx={{ mb: 2 }} data-testid={providerPageIds.tenantTabError}>
      {error.message}
    </Alert>
  ) : null;

function SimpleTable({
  head,
  rows,
  empty,
  rowTestId,
  selected,
}: {
  head: string[];
  rows: ReactNode[][];
  empty: string;
  /** A row's test id by its index. */
  rowTestId?: (i: number) => string;
  /** The index of the row to mark as the one opened. */
  selected?: number;
}) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {head.map((h) => (
            <TableCell key={h}>{h}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={head.length}>{empty}</TableCell>
          </TableRow>
        ) : (
          rows.map((r, i) => (
            <TableRow
              key={i}
              selected={i === selected}
              aria-current={i === selected ? 'true' : undefined}
              data-testid={rowTestId?.(i)}
            >
              {r.map((c, j) => (
                <TableCell key={j}>{c}</TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

interface TabProps {
  tenant: TenantDetail;
  canWrite: boolean;
  reloadTenant(): void;
}

function OverviewTab({ tenant, canWrite, reloadTenant }: TabProps) {
  const tenantCommand = useEntityCall('tenantCommand');
  const [name, setName] = useState(tenant.name);
  const w = useWrite(reloadTenant);
  const confirm = useTenantConfirm();
  const disabled = tenant.status === 'disabled';
  const toggle = () =>
    void w.run(
      () => tenantCommand(tenant.tid, disabled ? 'reenable' : 'disabletenant'),
      disabled ? `${tenant.name} has been re-enabled.` : `${tenant.name} has been disabled.`,
    );
  return (
    <Stack spacing={3}>
      <TenantSummary tenant={tenant} />
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TabError error={w.error} />
        <Typography component="div">
          Status:{' '}
          <Chip
            size="small"
            label={disabled ? 'Disabled' : 'Active'}
            color={disabled ? 'default' : 'success'}
            data-testid={providerPageIds.tenantStatus}
          />
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>Tenant ID: {tenant.tid}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Tenant name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!canWrite}
            error={w.error?.field === 'name'}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          {canWrite && (
            <Button
              variant="outlined"
              disabled={w.busy || name.trim() === '' || name.trim() === tenant.name}
              data-testid={providerPageIds.tenantRename}
              onClick={() =>
                void w.run(
                  () => tenantCommand(tenant.tid, 'renametenant', { name: name.trim() }),
                  `The tenant has been renamed to ${name.trim()}.`,
                )
              }
            >
              Rename
            </Button>
          )}
        </Stack>
        {canWrite && (
          <Box>
            <Button
              variant="contained"
              color={disabled ? 'primary' : 'warning'}
              disabled={w.busy}
              data-testid={providerPageIds.tenantToggle}
              onClick={() =>
                disabled
                  ? toggle()
                  : confirm.ask({
                      title: `Disable the tenant ${tenant.name}?`,
                      body: `The administrators and users of ${tenant.name} cannot sign in until it is re-enabled; its policy and users are kept.`,
                      confirmLabel: 'Disable tenant',
                      run: toggle,
                    })
              }
            >
              {disabled ? 'Re-enable tenant' : 'Disable tenant'}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              A disabled tenant keeps its policy and users; its administrators cannot sign in until it is
              re-enabled.
            </Typography>
          </Box>
        )}
        {confirm.dialog}
      </Stack>
    </Stack>
  );
}

function SkusTab({ tenant, canWrite }: TabProps) {
  const catalogue = useEntityRead('listSkus', [{ limit: 500, sort: 'sku_id' }]);
  const assigned = useEntityRead('getTenantSkus', [tenant.tid]);
  const putTenantSkus = useEntityCall('putTenantSkus');
  const [chosen, setChosen] = useState<string[] | null>(null);
  // What was saved stays shown until the reload brings it back, so the boxes do not flick back to
  // the SKUs from before the save in between.
  const [saved, setSaved] = useState<string[] | null>(null);
  useEffect(() => setSaved(null), [assigned.data]);
  const w = useWrite(assigned.reload);
  const current = chosen ?? saved ?? assigned.data?.sku_ids ?? [];
  const toggle = (id: string) =>
    setChosen(current.includes(id) ? current.filter((s) => s !== id) : [...current, id]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <TabError error={w.error ?? catalogue.error ?? assigned.error} />
      <FormGroup aria-label="SKUs of the tenant">
        {(catalogue.data?.rows ?? []).map((s) => (
          <FormControlLabel
            key={s.sku_id}
            control={
              <Checkbox
                checked={current.includes(s.sku_id)}
                onChange={() => toggle(s.sku_id)}
                disabled={!canWrite}
                slotProps={{ input: { 'data-testid': `${providerPageIds.tenantSku}-${s.sku_id}` } as object }}
              />
            }
            label={`${s.sku_id}: ${s.name} (${s.features.join(', ')})`}
          />
        ))}
      </FormGroup>
      {canWrite && (
        <Box>
          <Button
            variant="contained"
            disabled={w.busy || chosen === null}
            data-testid={providerPageIds.tenantSkuSave}
            onClick={() =>
              void w
                .run(() => putTenantSkus(tenant.tid, current), 'The SKUs have been saved.')
                .then((ok) => {
                  if (!ok) return;
                  setSaved(current);
                  setChosen(null);
                })
            }
          >
            Save SKUs
          </Button>
        </Box>
      )}
    </Stack>
  );
}

type CapabilityEdit =
  { kind: 'set'; name: string; value: boolean | number | string } | { kind: 'remove'; name: string };

const parseValue = (text: string): boolean | number | string =>
  text === 'true'
    ? true
    : text === 'false'
      ? false
      : text.trim() !== '' && !Number.isNaN(Number(text))
        ? Number(text)
        : text;

function CapabilitiesTab({ tenant, canWrite, reloadTenant }: TabProps) {
  const caps = useEntityRead('getCapabilities', [tenant.tid]);
  // docs/provider-console.md §3 capabilities validity: a capability's valid-until day, edited below the table.
  const validity = useTenantDocument(tenant.tid, 'capabilities_validity');
  const patchCapabilities = useEntityCall('patchCapabilities');
  const deleteCapabilities = useEntityCall('deleteCapabilities');
  const validUntil = new Map((validity.data?.validity ?? []).map((v) => [v.capability, v.valid_until]));
  const [newName, setNewName] = useState('');
  const [newValue, setNewValue] = useState('true');
  const [pending, setPending] = useState<{ edit: CapabilityEdit; changes: CapabilityChange[] } | null>(null);
  const w = useWrite(() => {
    caps.reload();
    reloadTenant();
  });
  const call = (edit: CapabilityEdit, dryRun: boolean) =>
    edit.kind === 'set'
      ? patchCapabilities(tenant.tid, { [edit.name]: edit.value }, dryRun)
      : deleteCapabilities(tenant.tid, [edit.name], dryRun);
  // Every change is first sent as a dry run; the preview shows what the server would change.
  const preview = async (edit: CapabilityEdit) => {
    try {
      const r = await call(edit, true);
      setPending({ edit, changes: r.changes });
    } catch (e) {
      await w.run(() => Promise.reject(e), '');
    }
  };
  const entries = Object.entries(caps.data?.capabilities ?? {}).sort(([a], [b]) => a.localeCompare(b));
  // Past its valid-until day by the server's clock: stored, but not in effect (the server says which).
  const expired = new Set(caps.data?.expired ?? []);
  const pendingWarnings =
    pending?.edit.kind === 'set'
      ? [settingWarning(pending.edit.name, pending.edit.value)].filter((x) => x !== null)
      : [];
  const newNameWarning = settingWarning(newName.trim(), parseValue(newValue));
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <TabError error={w.error ?? caps.error} />
      <SimpleTable
        head={['Capability', 'State', 'Value', 'Valid until', ...(canWrite ? ['Actions'] : [])]}
        empty="No capabilities."
        rows={entries.map(([name, value]) => [
          <Box key="n">
            <Typography component="span">{name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {capabilityMeaning(name) ?? 'Not a capability the service knows: it takes no effect.'}
            </Typography>
          </Box>,
          <CapabilityStateChip key="s" capability={name} />,
          typeof value === 'boolean' ? (
            <Switch
              checked={value}
              disabled={!canWrite}
              onChange={() => void preview({ kind: 'set', name, value: !value })}
              slotProps={{ input: { 'aria-label': name } }}
            />
          ) : (
            // A structured value (restricted_logs, runtime_analysis) reads as its JSON, not [object Object].
            <Box key="j" component="code" sx={{ overflowWrap: 'anywhere' }}>
              {typeof value === 'object' ? JSON.stringify(value) : String(value)}
            </Box>
          ),
          <Stack key="v" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span data-testid={`${providerPageIds.capabilityValidUntil}-${name}`}>
              {validUntil.get(name) || 'No end'}
            </span>
            {expired.has(name) && <ExpiredChip testId={`${capabilityStateIds.expired}-${name}`} />}
          </Stack>,
          ...(canWrite
            ? [
                <Button key="r" size="small" onClick={() => void preview({ kind: 'remove', name })}>
                  Remove
                </Button>,
              ]
            : []),
        ])}
      />
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <CapabilityPicker
            size="small"
            label="Capability"
            value={newName}
            onChange={setNewName}
            error={newNameWarning?.severity === 'error' ? newNameWarning.text : undefined}
            inputTestId={capabilityStateIds.tenantPicker}
          />
          <TextField
            size="small"
            label="Value"
            value={newValue}
            onChange={(e) => setNewValue(e.target.value)}
          />
          <Button
            variant="outlined"
            disabled={newName.trim() === ''}
            data-testid={providerPageIds.capabilityPreview}
            onClick={() => void preview({ kind: 'set', name: newName.trim(), value: parseValue(newValue) })}
          >
            Preview
          </Button>
        </Stack>
      )}
      {pending && (
        <Dialog open onClose={() => setPending(null)} fullWidth maxWidth="sm">
          <DialogTitle>Apply this change?</DialogTitle>
          <DialogContent>
            {pendingWarnings.map((warning) => (
              <Alert
                key={warning.text}
                severity={warning.severity}
                sx={{ mb: 1 }}
                data-testid={capabilityStateIds.warning}
              >
                {warning.text}
              </Alert>
            ))}
            {pending.changes.length === 0 ? (
              <Typography>The server reports no change.</Typography>
            ) : (
              <SimpleTable
                head={['Capability', 'Now', 'After']}
                empty=""
                rows={pending.changes.map((c) => [
                  c.capability,
                  c.before === null ? '(not set)' : String(c.before),
                  c.after === null ? '(removed)' : String(c.after),
                ])}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPending(null)}>Cancel</Button>
            <Button
              variant="contained"
              disabled={w.busy || pending.changes.length === 0}
              data-testid={providerPageIds.capabilityApply}
              onClick={() =>
                void w
                  .run(() => call(pending.edit, false), 'The capabilities have been changed.')
                  .then(() => setPending(null))
              }
            >
              Apply
            </Button>
          </DialogActions>
        </Dialog>
      )}
      <DocumentEditor
        tid={tenant.tid}
        name="capabilities_validity"
        canWrite={canWrite}
        onSaved={validity.reload}
      />
    </Stack>
  );
}

/** Page sizes of the users list (paged on the server: docs/provider-console.md §15). */
const USER_PAGE_SIZES = [25, 50, 100];

function UsersTab({ tenant, canWrite }: TabProps) {
  const [pageNo, setPageNo] = useState(0);
  const [pageSize, setPageSize] = useState(USER_PAGE_SIZES[0] ?? 25);
  const [search, setSearch] = useState('');
  const users = useEntityRead(
    'listTenantUsers',
    [tenant.tid, { limit: pageSize, offset: pageNo * pageSize, search: search.trim() || undefined }],
    { keepPrevious: true },
  );
  const bulkCreateTenantUsers = useEntityCall('bulkCreateTenantUsers');
  const deleteTenantUser = useEntityCall('deleteTenantUser');
  const updateTenantUser = useEntityCall('updateTenantUser');
  const [editing, setEditing] = useState<EndUser | null>(null);
  const [username, setUsername] = useState('');
  const w = useWrite(users.reload);
  const edit = useWrite(users.reload);
  const [rowError, setRowError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const confirm = useTenantConfirm();
  const add = async () => {
    setRowError(null);
    await w.run(async () => {
      const r = await bulkCreateTenantUsers(tenant.tid, [{ username: username.trim() }]);
      if (r.errors[0]) {
        setRowError(r.errors[0].reason);
        throw new Error(r.errors[0].reason);
      }
      setUsername('');
    }, `The user ${username.trim()} has been added.`);
  };
  return (
    <Stack spacing={2}>
      <TabError error={w.error ?? users.error} />
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="User name"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={rowError !== null}
          />
          <Button variant="outlined" disabled={w.busy || username.trim() === ''} onClick={() => void add()}>
            Add user
          </Button>
          <Button
            variant="outlined"
            data-testid={providerPageIds.tenantUsersImport}
            onClick={() => setImporting(true)}
          >
            Import users
          </Button>
        </Stack>
      )}
      {importing && (
        <TenantUsersImport
          tid={tenant.tid}
          onClose={(imported) => {
            setImporting(false);
            if (imported) users.reload();
          }}
        />
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label="Search users"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPageNo(0);
          }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Typography color="text.secondary" aria-live="polite">
          {users.data?.total ?? 0} users
        </Typography>
      </Stack>
      <SimpleTable
        head={['User name', 'Name', 'E-mail', 'Status', ...(canWrite ? ['Actions'] : [])]}
        empty="No users."
        rows={(users.data?.users ?? []).map((u) => [
          u.username,
          `${u.first_name} ${u.last_name}`.trim(),
          u.email,
          u.status,
          ...(canWrite
            ? [
                <Button
                  key="e"
                  size="small"
                  aria-label={`Edit ${u.username}`}
                  data-testid={`${tenantOpsIds.userEdit}-${u.uid}`}
                  onClick={() => setEditing(u)}
                >
                  Edit
                </Button>,
                <Button
                  key="d"
                  size="small"
                  color="error"
                  aria-label={`Delete ${u.username}`}
                  onClick={() =>
                    confirm.ask({
                      title: `Delete the user ${u.username} of ${tenant.name}?`,
                      body: `${u.username} is removed from ${tenant.name}. This cannot be undone.`,
                      confirmLabel: 'Delete user',
                      run: () =>
                        void w.run(
                          () => deleteTenantUser(tenant.tid, u.uid),
                          `The user ${u.username} has been deleted.`,
                        ),
                    })
                  }
                >
                  Delete
                </Button>,
              ]
            : []),
        ])}
      />
      <TablePagination
        component="div"
        count={users.data?.total ?? 0}
        page={pageNo}
        onPageChange={(_e, p) => setPageNo(p)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={USER_PAGE_SIZES}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPageNo(0);
        }}
        data-testid={tenantOpsIds.usersPager}
      />
      {editing && (
        <TenantUserDialog
          user={editing}
          busy={edit.busy}
          serverError={edit.error}
          onCancel={() => setEditing(null)}
          onSubmit={(changes) =>
            void edit
              .run(
                () => updateTenantUser(tenant.tid, editing.uid, changes),
                `The user ${changes.username ?? editing.username} has been saved.`,
              )
              .then((ok) => {
                if (ok) setEditing(null);
              })
          }
        />
      )}
      <MfaAccounts tenant={tenant} canWrite={canWrite} />
      {confirm.dialog}
    </Stack>
  );
}

/**
 * The tenant's portal accounts with their two-factor sign-in, and disablemfa (operators only):
 * the reset for an administrator who lost the authenticator; they then sign in with the password
 * alone until they set it up again. The end users above never sign in to the portal, so the
 * second factor is the accounts' alone (README.md here). Reset password (operators only) gives an
 * account a one-time password, shown once, which it must change at its next sign-in.
 */
function MfaAccounts(props: Pick<TabProps, 'tenant' | 'canWrite'>) {
  // The tenant's portal accounts with their second factor are a server extension (docs/api.md).
  return useExtension('provider-mfa-users') ? <MfaAccountList {...props} /> : null;
}

function MfaAccountList({ tenant, canWrite }: Pick<TabProps, 'tenant' | 'canWrite'>) {
  const accounts = useEntityRead('listTenantMfaUsers', [tenant.tid]);
  const resetTenantUserPassword = useEntityCall('resetTenantUserPassword');
  const disableTenantUserMfa = useEntityCall('disableTenantUserMfa');
  const w = useWrite(accounts.reload);
  const [confirming, setConfirming] = useState<MfaUser | null>(null);
  const confirm = useTenantConfirm();
  const [issued, setIssued] = useState<AccountPasswordReset | null>(null);
  const [adding, setAdding] = useState(false);
  // A server extension of its own (provider-password-reset, docs/api.md).
  const resets = useExtension('provider-password-reset');
  return (
    <Stack spacing={1} data-testid={providerPageIds.tenantMfaAccounts}>
      <Stack direction="row" spacing={2} sx={{ pt: 2, alignItems: 'center' }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', flexGrow: 1 }}>
          Portal administrators: sign-in
        </Typography>
        {canWrite && (
          <Button
            variant="outlined"
            size="small"
            data-testid={providerPageIds.tenantAdminAdd}
            onClick={() => setAdding(true)}
          >
            Add administrator
          </Button>
        )}
      </Stack>
      <TabError error={w.error ?? accounts.error} />
      <SimpleTable
        head={['User name', 'Name', 'Two-factor sign-in', ...(canWrite ? ['Actions'] : [])]}
        empty="No accounts."
        rows={(accounts.data?.users ?? []).map((u) => [
          u.username,
          `${u.first_name} ${u.last_name}`.trim(),
          <span key="s" data-testid={`${providerPageIds.tenantMfaState}-${u.username}`}>
            {u.mfa_enrolled_since ? `On since ${new Date(u.mfa_enrolled_since).toLocaleString()}` : 'Off'}
          </span>,
          ...(canWrite
            ? [
                <Stack key="a" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {resets && (
                    <Button
                      size="small"
                      data-testid={`${providerPageIds.tenantResetPassword}-${u.username}`}
                      onClick={() =>
                        confirm.ask({
                          title: `Reset the password of ${u.username} of ${tenant.name}?`,
                          body: `${u.username}'s sessions end now. They sign in with a one-time password shown next and must choose a new one before anything else of the portal opens.`,
                          confirmLabel: 'Reset password',
                          run: () =>
                            void w.run(
                              () => resetTenantUserPassword(tenant.tid, u.uid).then(setIssued),
                              `The password of ${u.username} has been reset.`,
                            ),
                        })
                      }
                    >
                      Reset password
                    </Button>
                  )}
                  {u.mfa_enrolled_since && (
                    <Button
                      size="small"
                      color="error"
                      data-testid={`${providerPageIds.tenantDisableMfa}-${u.username}`}
                      onClick={() => setConfirming(u)}
                    >
                      Disable MFA
                    </Button>
                  )}
                </Stack>,
              ]
            : []),
        ])}
      />
      {adding && (
        <AddAdministrator tenant={tenant} onClose={() => setAdding(false)} onAdded={accounts.reload} />
      )}
      {confirming && (
        <Dialog open onClose={() => setConfirming(null)} aria-labelledby="disable-mfa-title">
          <DialogTitle id="disable-mfa-title">Disable MFA for {confirming.username}?</DialogTitle>
          <DialogContent>
            <Typography>
              {confirming.username} will sign in with the password alone until they set up two-factor sign-in
              again.
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)}>Cancel</Button>
            <Button
              variant="contained"
              color="error"
              disabled={w.busy}
              data-testid={`${providerPageIds.tenantDisableMfa}-confirm`}
              onClick={() =>
                void w
                  .run(
                    () => disableTenantUserMfa(tenant.tid, confirming.uid),
                    `Two-factor sign-in of ${confirming.username} has been turned off.`,
                  )
                  .then((ok) => {
                    setConfirming(null);
                    // A refusal (409: already off) means the row was stale: show it as it is now.
                    if (!ok) accounts.reload();
                  })
              }
            >
              Disable MFA
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {confirm.dialog}
      {issued && (
        <OneTimePasswordDialog
          title={`Password of ${issued.username} reset`}
          password={issued.password}
          testId={providerPageIds.tenantResetPasswordIssued}
          passwordTestId={providerPageIds.tenantResetPasswordValue}
          onClose={() => setIssued(null)}
        >
          {issued.username} signs in to the tenant portal with this one-time password and must choose a new
          one.
        </OneTimePasswordDialog>
      )}
    </Stack>
  );
}

/** The add-administrator dialog, mounted per use: its form, the server's refusal, then the one-time password. */
function AddAdministrator({
  tenant,
  onClose,
  onAdded,
}: Pick<TabProps, 'tenant'> & { onClose(): void; onAdded(): void }) {
  const addTenantAdmin = useEntityCall('addTenantAdmin');
  const add = useWrite(onAdded);
  const [added, setAdded] = useState<TenantAdminCreated | null>(null);
  return (
    <AddTenantAdminDialog
      tenantName={tenant.name}
      busy={add.busy}
      serverError={add.error}
      created={added}
      onCancel={onClose}
      onSubmit={(body) =>
        void add.run(
          async () => setAdded(await addTenantAdmin(tenant.tid, body)),
          `The administrator ${body.admin_username} has been added.`,
        )
      }
    />
  );
}

/** The revision a chart's change marker opened (`?rev=N`), or null. */
const openedRevision = (params: URLSearchParams): number | null => {
  const rev = Number(params.get(REVISION_DIFF_PARAM));
  return Number.isInteger(rev) && rev > 0 ? rev : null;
};

/** Categories by id, as the diff names them: the v1 tree (v2's ids, from 101, read "category 1001"). */
const V1_CATEGORY_NAMES = new Map(CATEGORIES_V1.map((c) => [c.id, c.name]));
const v1CategoryName = (id: number): string | undefined => V1_CATEGORY_NAMES.get(id);

/**
 * What revision `rev` changed: it against the one before it (published revisions are
 * consecutive), the portal's history diff of the same pair. A server extension of its own
 * (provider-revision-diff, docs/api.md); without it the tab lists the revisions only.
 */
function OpenedRevisionDiff({ tid, rev }: { tid: string; rev: number }) {
  const served = useExtension('provider-revision-diff');
  const from = Math.max(1, rev - 1);
  const diff = useEntityRead('getTenantRevisionDiff', [tid, { from, to: rev }], {
    enabled: served && rev > 1,
  });
  if (!served) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="tenant-revision-diff-title"
      sx={{ p: 2 }}
      data-testid={providerPageIds.tenantRevisionDiff}
    >
      <Typography id="tenant-revision-diff-title" variant="h2" sx={{ fontSize: '1.15rem' }} gutterBottom>
        {rev > 1 ? `Changes from revision ${from} to revision ${rev}` : 'Revision 1'}
      </Typography>
      {rev === 1 ? (
        <Typography color="text.secondary">
          Revision 1 is the initial policy: no revision comes before it.
        </Typography>
      ) : diff.error ? (
        <LoadFailed
          message={`The changes could not be loaded: ${diff.error.message}`}
          onRetry={diff.reload}
        />
      ) : diff.data ? (
        <ReadableDiff
          diff={diff.data}
          categoryName={v1CategoryName}
          emptyText="The two revisions hold the same policy."
        />
      ) : (
        <Loading label="Loading the changes" />
      )}
    </Paper>
  );
}

function RevisionsTab({ tenant }: TabProps) {
  const [params] = useSearchParams();
  const opened = openedRevision(params);
  const policy = useEntityRead('getTenantPolicy', [tenant.tid]);
  // The page that holds the opened revision: published revisions are consecutive, newest first
  // (docs/policy.md §2), so revision N is N revisions below the current one.
  const offset = opened !== null && policy.data ? Math.max(0, policy.data.rev_id - opened) : 0;
  const revs = useEntityRead('listTenantRevisions', [tenant.tid, { offset }], {
    enabled: opened === null || policy.data !== null,
  });
  const rows = revs.data?.revisions ?? [];
  const selected = rows.findIndex((r) => r.rev_id === opened);
  return (
    <Stack spacing={2}>
      <TabError error={policy.error ?? revs.error} />
      {policy.data && (
        <Typography>
          Published revision {policy.data.rev_id};{' '}
          {policy.data.state === 'staged' ? 'unpublished changes staged' : 'nothing staged'}
          {policy.data.kinds.length > 0 ? ` (policies saved: ${policy.data.kinds.join(', ')})` : ''}.
        </Typography>
      )}
      {opened !== null && revs.data && selected < 0 && (
        <Alert severity="info">The tenant has no published revision {opened}.</Alert>
      )}
      {opened !== null && selected >= 0 && <OpenedRevisionDiff tid={tenant.tid} rev={opened} />}
      <SimpleTable
        head={['Revision', 'Published', 'By', 'Note']}
        empty="No published revisions."
        rowTestId={(i) => `${providerPageIds.tenantRevision}-${rows[i]!.rev_id}`}
        selected={selected < 0 ? undefined : selected}
        rows={rows.map((r) => [
          r.rolled_back_from === null ? r.rev_id : `${r.rev_id} (rollback to ${r.rolled_back_from})`,
          r.published_at.slice(0, 16).replace('T', ' '),
          r.published_by,
          r.note ?? '',
        ])}
      />
    </Stack>
  );
}

function TokenList({ tenant, canWrite, list }: TabProps & { list: TenantTokenListName }) {
  const { title, noun } = TENANT_TOKEN_LISTS[list];
  const tokens = useEntityRead('listPolicyTokens', [tenant.tid, list]);
  const createPolicyToken = useEntityCall('createPolicyToken');
  const revokePolicyToken = useEntityCall('revokePolicyToken');
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const w = useWrite(tokens.reload);
  const confirm = useTenantConfirm();
  return (
    <Stack
      spacing={2}
      component="section"
      aria-label={title}
      data-testid={`${providerPageIds.tenantTokens}-${list}`}
    >
      <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
        {title}
      </Typography>
      <TabError error={w.error ?? tokens.error} />
      {secret && (
        <Alert severity="info" onClose={() => setSecret(null)}>
          The new {noun}, shown only now: <code>{secret}</code>
        </Alert>
      )}
      {canWrite && (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            label={`Name of the new ${noun}`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={w.error?.field === 'name'}
          />
          <Button
            variant="outlined"
            disabled={w.busy || name.trim() === ''}
            onClick={() =>
              void w.run(async () => {
                const t = await createPolicyToken(tenant.tid, name.trim(), list);
                setSecret(t.token);
                setName('');
              }, `The ${noun} has been created.`)
            }
          >
            Create token
          </Button>
        </Stack>
      )}
      <SimpleTable
        head={[
          'Name',
          'Ends with',
          'Created',
          'By',
          'Expires',
          'Last used',
          ...(canWrite ? ['Actions'] : []),
        ]}
        empty={`No ${title.charAt(0).toLowerCase()}${title.slice(1)}.`}
        rows={(tokens.data ?? []).map((t: PolicyToken) => [
          t.name,
          `…${t.last4}`,
          t.created_at.slice(0, 10),
          t.created_by,
          t.expires_at ? t.expires_at.slice(0, 10) : 'Never',
          // The server records a use at most once a minute (docs/api-tokens.md).
          t.last_used_at
            ? `${t.last_used_at.slice(0, 16).replace('T', ' ')} UTC from ${t.last_used_ip ?? '?'}`
            : 'Never',
          ...(canWrite
            ? [
                <Button
                  key="r"
                  size="small"
                  color="error"
                  aria-label={`Revoke ${t.name}`}
                  onClick={() =>
                    confirm.ask({
                      title: `Revoke the ${noun} ${t.name} of ${tenant.name}?`,
                      body: `Every call made with it (…${t.last4}) is refused from now on. This cannot be undone: a new token has to be created and handed out.`,
                      confirmLabel: 'Revoke',
                      run: () =>
                        void w.run(
                          () => revokePolicyToken(tenant.tid, t.id, list),
                          `The ${noun} has been revoked.`,
                        ),
                    })
                  }
                >
                  Revoke
                </Button>,
              ]
            : []),
        ])}
      />
      {confirm.dialog}
    </Stack>
  );
}

/** docs/settings.md §4: policy API tokens and logging auth tokens, one list each. */
function TokensTab(props: TabProps) {
  return (
    <Stack spacing={4}>
      {TENANT_TOKEN_LIST_NAMES.map((list) => (
        <TokenList key={list} {...props} list={list} />
      ))}
    </Stack>
  );
}

function IpTab({ tenant, canWrite }: TabProps) {
  const doc = useTenantDocument(tenant.tid, 'ip_restrictions');
  const putTenantDocument = useEntityCall('putTenantDocument');
  const [draft, setDraft] = useState<{ enabled: boolean; text: string } | null>(null);
  const w = useWrite(doc.reload);
  const current = draft ?? {
    enabled: doc.data?.enabled ?? false,
    text: (doc.data?.allowed ?? []).join('\n'),
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <TabError error={w.error ?? doc.error} />
      <FormControlLabel
        control={
          <Switch
            checked={current.enabled}
            disabled={!canWrite}
            onChange={(e) => setDraft({ ...current, enabled: e.target.checked })}
          />
        }
        label="Only these addresses may reach the tenant's portal"
      />
      <TextField
        label="Allowed addresses (one IPv4 address or CIDR per line)"
        multiline
        minRows={4}
        value={current.text}
        disabled={!canWrite}
        error={w.error?.field === 'allowed'}
        onChange={(e) => setDraft({ ...current, text: e.target.value })}
      />
      {canWrite && (
        <Box>
          <Button
            variant="contained"
            disabled={w.busy || draft === null}
            onClick={() =>
              void w
                .run(
                  () =>
                    putTenantDocument(tenant.tid, 'ip_restrictions', {
                      enabled: current.enabled,
                      allowed: [
                        ...new Set(
                          current.text
                            .split('\n')
                            .map((l) => l.trim())
                            .filter(Boolean),
                        ),
                      ],
                    }),
                  'The IP restrictions have been saved.',
                )
                .then((ok) => ok && setDraft(null))
            }
          >
            Save
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** The documents whose row names this tab, each in its own editor. */
const documentsTab =
  (tab: NonNullable<TenantDocumentDef['tab']>) =>
  ({ tenant, canWrite }: TabProps) => (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      {TENANT_DOCUMENT_NAMES.filter((n) => tenantDocumentDef(n).tab === tab).map((n) => (
        <DocumentEditor key={n} tid={tenant.tid} name={n} canWrite={canWrite} />
      ))}
    </Stack>
  );

/**
 * docs/provider-console.md §3 RBAC list, §13 its PUT: the portal accounts' roles; operators give
 * accounts another role (the tenant's built-in or own roles, each with its lists) and save the
 * changed ones together; a refusal (an unknown account or role, the last full administrator) is
 * shown and nothing is changed.
 */
function RbacTab({ tenant, canWrite }: TabProps) {
  const rbac = useEntityRead('getTenantRbac', [tenant.tid]);
  const putTenantRbac = useEntityCall('putTenantRbac');
  const [edits, setEdits] = useState<Record<string, string> | null>(null);
  const w = useWrite(rbac.reload);
  const accounts = rbac.data?.accounts ?? [];
  const changed = edits
    ? accounts.filter((a) => edits[a.username] !== undefined && edits[a.username] !== a.role)
    : [];
  const roleOf = (name: string) => (rbac.data?.roles ?? []).find((r) => r.name === name);
  const save = () =>
    void w
      .run(
        () =>
          putTenantRbac(tenant.tid, {
            accounts: changed.map((a) => ({ username: a.username, role: edits?.[a.username] ?? a.role })),
          }),
        `The roles of ${changed.map((a) => a.username).join(', ')} have been changed.`,
      )
      .then((ok) => {
        if (ok) setEdits(null);
      });
  return (
    <Stack spacing={2} data-testid={providerPageIds.tenantRbac}>
      <TabError error={w.error ?? rbac.error} />
      {rbac.data && (
        <Typography>
          {rbac.data.enforced
            ? 'RBAC is enforced: each account may do what its role allows.'
            : 'RBAC is not enforced for this tenant: every account may do everything (the roles apply once the rbac capability is on).'}
        </Typography>
      )}
      {canWrite && rbac.data && (
        <Stack direction="row" spacing={1}>
          {edits === null ? (
            <Button variant="outlined" onClick={() => setEdits({})} data-testid={tenantOpsIds.rbacEdit}>
              Edit roles
            </Button>
          ) : (
            <>
              <Button
                variant="contained"
                disabled={w.busy || changed.length === 0}
                onClick={save}
                data-testid={tenantOpsIds.rbacSave}
              >
                Save roles{changed.length > 0 ? ` (${changed.length})` : ''}
              </Button>
              <Button onClick={() => setEdits(null)} disabled={w.busy} data-testid={tenantOpsIds.rbacCancel}>
                Cancel
              </Button>
            </>
          )}
        </Stack>
      )}
      <SimpleTable
        head={['Account', 'Name', 'Role', 'Reads', 'Writes']}
        empty="No accounts."
        rows={accounts.map((a) => {
          const role = edits?.[a.username] ?? a.role;
          // The lists shown are those the account will hold: the chosen role's while editing.
          const lists = edits && role !== a.role ? (roleOf(role) ?? a) : a;
          return [
            a.username,
            `${a.first_name} ${a.last_name}`.trim(),
            edits ? (
              <TextField
                select
                size="small"
                value={role}
                onChange={(e) => setEdits({ ...edits, [a.username]: e.target.value })}
                slotProps={{
                  select: {
                    SelectDisplayProps: {
                      'data-testid': `${tenantOpsIds.rbacRole}-${a.username}`,
                      'aria-label': `Role of ${a.username}`,
                    } as object,
                  },
                }}
              >
                {/* An account whose lists match no role keeps "custom" until given one. */}
                {roleOf(a.role) ? null : <MenuItem value={a.role}>{a.role}</MenuItem>}
                {(rbac.data?.roles ?? []).map((r) => (
                  <MenuItem
                    key={r.name}
                    value={r.name}
                    data-testid={`${tenantOpsIds.rbacRole}-option-${r.name}`}
                  >
                    {r.name}
                    {r.builtin ? '' : ' (own role)'}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              a.role
            ),
            lists.read.join(', ') || '—',
            lists.write.join(', ') || '—',
          ];
        })}
      />
    </Stack>
  );
}

const TAB_PAGES: Record<TabId, (p: TabProps) => ReactNode> = {
  overview: OverviewTab,
  skus: SkusTab,
  capabilities: CapabilitiesTab,
  users: UsersTab,
  revisions: RevisionsTab,
  tokens: TokensTab,
  ip: IpTab,
  entitlements: documentsTab('entitlements'),
  settings: documentsTab('settings'),
  vpn: documentsTab('vpn'),
  rbac: RbacTab,
  // The provider's audit trail of this tenant (provider-console/src/audit).
  audit: ({ tenant }: TabProps) => <AuditTrailView tenant={tenant.tid} />,
};

export function TenantDetailPage() {
  const { tid = '' } = useParams();
  const canWrite = useAppSelector(selectProviderIsOperator);
  const tenant = useEntityRead('getTenant', [tid]);
  const served = useAppSelector(selectServedExtensions);
  const tabs = TENANT_TABS.filter((t) => !('extension' in t) || served.has(t.extension));
  // The tab is in the address (`?tab=revisions`), so a link opens it (a chart's change marker).
  const [params, setParams] = useSearchParams();
  const tab: TabId = tabs.find((t) => t.id === params.get(TENANT_TAB_PARAM))?.id ?? 'overview';
  const setTab = (next: TabId) => setParams({ [TENANT_TAB_PARAM]: next }, { replace: true });
  const Page = TAB_PAGES[tab];
  return (
    <Box data-testid={providerPageIds.tenantDetail}>
      <Link component={RouterLink} to="/tenants">
        Tenants
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 1 }}>
        <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ flexGrow: 1 }}>
          {tenant.data?.name ?? 'Tenant'}
        </Typography>
        {canWrite && tenant.data && <TenantActionsMenu tenant={tenant.data} onDone={tenant.reload} />}
      </Stack>
      {tenant.error && <Alert severity="error">{tenant.error.message}</Alert>}
      {tenant.data && (
        <>
          <Tabs
            value={tab}
            onChange={(_, v: TabId) => setTab(v)}
            variant="scrollable"
            aria-label="Tenant sections"
            sx={{ mb: 2 }}
          >
            {tabs.map((t) => (
              <Tab
                key={t.id}
                value={t.id}
                label={t.label}
                data-testid={`${providerPageIds.tenantTab}-${t.id}`}
              />
            ))}
          </Tabs>
          <Page
            key={`${tab}-${tenant.data.name}`}
            tenant={tenant.data}
            canWrite={canWrite}
            reloadTenant={tenant.reload}
          />
        </>
      )}
    </Box>
  );
}
