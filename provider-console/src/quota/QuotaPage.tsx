/**
 * Tenant quota (docs/provider-console.md §11): per tenant, a bar per limit (its use of the
 * limit, counted by the server from its stores), the limits a tenant passes highlighted and
 * counted above the table; an operator edits a tenant's limits. Support reads only.
 */
import { useState } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  selectProviderIsOperator,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
  type ApiCallErrorInfo,
} from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  QUOTA_LIMITS,
  QUOTA_LIMIT_KEYS,
  QUOTA_MAX_LIMIT,
  type QuotaLimit,
  type QuotaLimits,
  type TenantQuota,
} from '@workbench/common/api/contract/providerQuota';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { counted } from '@workbench/common/formatting/counted';
import { quotaIds as ids } from '@workbench/common/test-ids/quotaIds';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import type { ProviderPageProps } from '../app/providerAreaModel';
import { FilterToolbar, SelectFilter } from '../filters/FilterToolbar';
import { TenantFormFrame, useTenantFormFields } from '../tenants/tenantFormKit';

const OVER = 'over';

/** One limit of one tenant: use of limit as a bar, red and marked when passed. */
function QuotaBar({
  use,
  limit,
  over,
  testId,
}: {
  use: number;
  limit: number;
  over: boolean;
  testId: string;
}) {
  const full = limit === 0 ? (use > 0 ? 100 : 0) : Math.min(100, (use / limit) * 100);
  const atLimit = !over && use >= limit && limit > 0;
  return (
    <Box data-testid={testId} data-over={over ? 'true' : 'false'} sx={{ minWidth: 110 }}>
      <Typography
        variant="body2"
        color={over ? 'error' : 'text.primary'}
        sx={{ fontWeight: over ? 600 : 400 }}
      >
        {use.toLocaleString('en')} / {limit.toLocaleString('en')}
        {over && ' (over)'}
        {atLimit && ' (full)'}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={full}
        color={over ? 'error' : atLimit ? 'warning' : 'primary'}
        aria-label={`${use} of ${limit}${over ? ', over the limit' : ''}`}
      />
    </Box>
  );
}

type LimitValues = Record<QuotaLimit, string>;

const limitSchema = yup.object(
  Object.fromEntries(
    QUOTA_LIMIT_KEYS.map((k) => [
      k,
      yup
        .string()
        .required('Required.')
        .matches(/^\d+$/, 'A whole number, 0 or more.')
        .test(
          'max',
          `At most ${QUOTA_MAX_LIMIT.toLocaleString('en')}.`,
          (v) => !v || Number(v) <= QUOTA_MAX_LIMIT,
        ),
    ]),
  ),
);

function QuotaFormDialog({
  quota,
  busy,
  serverError,
  onCancel,
  onSubmit,
}: {
  quota: TenantQuota;
  busy: boolean;
  serverError: ApiCallErrorInfo | null;
  onCancel(): void;
  onSubmit(limits: QuotaLimits): void;
}) {
  const form = useFormik<LimitValues>({
    initialValues: Object.fromEntries(
      QUOTA_LIMIT_KEYS.map((k) => [k, String(quota.limits[k])]),
    ) as LimitValues,
    validationSchema: limitSchema,
    onSubmit: (v) =>
      onSubmit(Object.fromEntries(QUOTA_LIMIT_KEYS.map((k) => [k, Number(v[k])])) as QuotaLimits),
  });
  // The server names a limit as `limits.<key>`: shown at its field.
  const fieldError = serverError?.field
    ? { ...serverError, field: serverError.field.replace(/^limits[./]/, '') }
    : serverError;
  const { props, formError } = useTenantFormFields(form, fieldError, 'quota-form');
  return (
    <TenantFormFrame
      title={`Quota of ${quota.name}`}
      testId={ids.form}
      submitTestId={ids.submit}
      submitLabel="Save limits"
      busy={busy}
      formError={formError}
      onCancel={onCancel}
      onSubmit={form.handleSubmit}
    >
      <Typography color="text.secondary">
        A limit below the use removes nothing: the tenant shows as over it and cannot add more until it is
        back under.
      </Typography>
      {QUOTA_LIMIT_KEYS.map((k) => {
        const p = props(k, QUOTA_LIMITS[k].label);
        return (
          <TextField
            key={k}
            {...p}
            inputMode="numeric"
            helperText={
              p.helperText ?? `${QUOTA_LIMITS[k].counts}. In use: ${quota.use[k].toLocaleString('en')}.`
            }
          />
        );
      })}
    </TenantFormFrame>
  );
}

export function QuotaPage({ area }: ProviderPageProps) {
  const dispatch = useAppDispatch();
  const canWrite = useAppSelector(selectProviderIsOperator);
  const [show, setShow] = useState('');
  const [editing, setEditing] = useState<TenantQuota | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<ApiCallErrorInfo | null>(null);
  const list = useEntityRead('listTenantQuota', []);
  const putQuota = useEntityCall('putTenantQuota');

  const all = list.data?.quota ?? [];
  const overTenants = all.filter((q) => q.over.length > 0);
  const rows = show === OVER ? overTenants : all;

  const save = (limits: QuotaLimits) => {
    if (!editing) return;
    setBusy(true);
    setServerError(null);
    putQuota(editing.tid, limits).then(
      (saved) => {
        setBusy(false);
        setEditing(null);
        dispatch(
          snackbarShown({
            kind: 'save',
            outcome: 'success',
            message: `The quota of ${saved.name} is saved.`,
          }),
        );
        list.reload();
      },
      (e: unknown) => {
        setBusy(false);
        setServerError(toErrorInfo(e, 'putTenantQuota'));
      },
    );
  };

  return (
    <Box data-testid={ids.page}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {area.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Each tenant’s use of its limits, counted now. A tenant at a limit cannot add more of that kind: its
        administrators are told to remove one or ask you to raise the limit.
      </Typography>
      <FilterToolbar>
        <SelectFilter
          label="Show"
          value={show}
          onChange={setShow}
          allLabel="Every tenant"
          options={[{ value: OVER, label: 'Tenants over a limit' }]}
          testId={ids.show}
        />
        <Typography
          color={overTenants.length > 0 ? 'error' : 'text.secondary'}
          data-testid={ids.overCount}
          aria-live="polite"
        >
          {list.data
            ? `${counted(overTenants.length, 'tenant')} over a limit, of ${counted(all.length, 'tenant')}`
            : 'Loading the quota…'}
        </Typography>
      </FilterToolbar>
      {list.status === 'failed' && (
        <LoadFailed
          sx={{ mb: 2 }}
          message={list.error?.message ?? 'The quota was not loaded.'}
          onRetry={list.reload}
        />
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={area.title} data-testid={ids.table}>
          <TableHead>
            <TableRow>
              <TableCell>Tenant</TableCell>
              {QUOTA_LIMIT_KEYS.map((k) => (
                <TableCell key={k} title={QUOTA_LIMITS[k].counts}>
                  {QUOTA_LIMITS[k].label}
                </TableCell>
              ))}
              {canWrite && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && list.data && (
              <TableRow>
                <TableCell colSpan={QUOTA_LIMIT_KEYS.length + 2}>
                  {show === OVER ? 'No tenant is over a limit.' : 'No tenants.'}
                </TableCell>
              </TableRow>
            )}
            {rows.map((q) => (
              <TableRow
                key={q.tid}
                data-testid={`${ids.row}-${q.tid}`}
                sx={q.over.length > 0 ? { bgcolor: 'action.hover' } : undefined}
              >
                <TableCell>
                  {q.name}
                  {q.over.length > 0 && <Chip size="small" color="error" label="Over quota" sx={{ ml: 1 }} />}
                  {!q.custom && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      Default limits
                    </Typography>
                  )}
                </TableCell>
                {QUOTA_LIMIT_KEYS.map((k) => (
                  <TableCell key={k}>
                    <QuotaBar
                      use={q.use[k]}
                      limit={q.limits[k]}
                      over={q.over.includes(k)}
                      testId={`${ids.cell}-${q.tid}-${k}`}
                    />
                  </TableCell>
                ))}
                {canWrite && (
                  <TableCell align="right">
                    <Button
                      size="small"
                      data-testid={`${ids.edit}-${q.tid}`}
                      onClick={() => {
                        setServerError(null);
                        setEditing(q);
                      }}
                    >
                      Edit limits
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {editing && (
        <QuotaFormDialog
          quota={editing}
          busy={busy}
          serverError={serverError}
          onCancel={() => setEditing(null)}
          onSubmit={save}
        />
      )}
    </Box>
  );
}
