/**
 * Capability state (docs/provider-console.md §6 "schema endpoints", "capability state"; issue 14): every
 * capability the service knows with its schema state and how many tenants have it, filtered by
 * state, by name and by one tenant; a capability's count opens which tenants have it (and who
 * carries it past its valid-until day). Read-only for everyone: the states are a table in
 * common, changed with the code (README.md here).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  Link,
} from '@mui/material';
import { SearchField, providerIds } from '@workbench/common';
import {
  SCHEMA_STATES,
  SCHEMA_STATE_DESCRIPTIONS,
  SCHEMA_STATE_LABELS,
  type SchemaState,
} from '@workbench/common/api/contract/providerCapabilityStates';
import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { useEntityRead } from '../app/consoleEntities';
import { FilterToolbar, SelectFilter, TenantFilter } from '../filters/FilterToolbar';
import { ExpiredChip, SchemaStateChip } from './SchemaStateChip';

const valueText = (v: unknown): string =>
  v === null ? 'by default' : v === true ? 'on' : typeof v === 'object' ? JSON.stringify(v) : String(v);

function CapabilityTenants({
  capability,
  tid,
  onClose,
}: {
  capability: string;
  tid: string;
  onClose(): void;
}) {
  const detail = useEntityRead('getCapabilityState', [capability, tid || undefined]);
  const d = detail.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="capability-tenants-title">
      <DialogTitle id="capability-tenants-title">Tenants with {capability}</DialogTitle>
      <DialogContent data-testid={capabilityStateIds.detail}>
        {detail.error && <Alert severity="error">{detail.error.message}</Alert>}
        {d && (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <SchemaStateChip state={d.state} />
              <Typography variant="body2">{d.note ?? SCHEMA_STATE_DESCRIPTIONS[d.state]}</Typography>
            </Stack>
            {d.state === 'obsolete' && d.tenants.length > 0 && (
              <Alert severity="warning">
                Still carried by these tenants, though not in effect: remove it from them.
              </Alert>
            )}
            <Table size="small" aria-label={`Tenants with ${capability}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Tenant</TableCell>
                  <TableCell>Value</TableCell>
                  <TableCell>Valid until</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.tenants.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={3}>No tenant has it.</TableCell>
                  </TableRow>
                ) : (
                  d.tenants.map((t) => (
                    <TableRow key={t.tid} data-testid={`${capabilityStateIds.detailTenant}-${t.tid}`}>
                      <TableCell>
                        <Link component={RouterLink} to={`/tenants/${encodeURIComponent(t.tid)}`}>
                          {t.name}
                        </Link>
                      </TableCell>
                      <TableCell>{valueText(t.value)}</TableCell>
                      <TableCell>
                        {t.valid_until || 'No end'} {t.expired && <ExpiredChip />}
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export function CapabilityStatePage() {
  const [state, setState] = useState<SchemaState | ''>('');
  const [tid, setTid] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const list = useEntityRead('getCapabilityStates', [
    { state: state || undefined, tid: tid || undefined, q: q || undefined },
  ]);
  const rows = list.data?.capabilities ?? [];
  const total = list.data?.tenant_total ?? 0;
  return (
    <Box data-testid={capabilityStateIds.page}>
      <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ mb: 1 }}>
        Capability state
      </Typography>
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 760 }}>
        The schema state of every capability the service knows, and the tenants it is in effect for (a
        capability past its valid-until day is counted as expired, not in effect).
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 2, flexWrap: 'wrap' }}
        aria-label="Schema states"
      >
        {SCHEMA_STATES.map((s) => (
          <Stack key={s} direction="row" spacing={0.5} sx={{ alignItems: 'center', mr: 2 }}>
            <SchemaStateChip state={s} testId={`${capabilityStateIds.stateChip}-legend-${s}`} />
            <Typography variant="caption">{SCHEMA_STATE_DESCRIPTIONS[s]}</Typography>
          </Stack>
        ))}
      </Stack>
      <FilterToolbar>
        <SearchField
          size="small"
          label="Search capabilities"
          value={q}
          onChange={setQ}
          testId={capabilityStateIds.search}
          maxLength={64}
        />
        <SelectFilter
          label="Schema state"
          value={state}
          onChange={(v) => setState(v as SchemaState | '')}
          allLabel="All states"
          options={SCHEMA_STATES.map((s) => ({ value: s, label: SCHEMA_STATE_LABELS[s] }))}
          testId={capabilityStateIds.stateFilter}
        />
        <TenantFilter
          value={tid}
          onChange={setTid}
          allLabel="All tenants"
          testId={capabilityStateIds.tenantFilter}
        />
      </FilterToolbar>
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {list.error.message}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Capability state">
          <TableHead>
            <TableRow>
              <TableCell>Capability</TableCell>
              <TableCell>Schema state</TableCell>
              <TableCell>Note</TableCell>
              <TableCell align="right">{tid ? 'This tenant' : `Tenants (of ${total})`}</TableCell>
              <TableCell align="right">Expired</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>No capability matches.</TableCell>
              </TableRow>
            ) : (
              rows.map((r) => (
                <TableRow key={r.capability} data-testid={`${capabilityStateIds.row}-${r.capability}`}>
                  <TableCell>{r.capability}</TableCell>
                  <TableCell>
                    <SchemaStateChip state={r.state} />
                  </TableCell>
                  <TableCell>{r.note ?? ''}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => setOpen(r.capability)}
                      aria-label={`Tenants with ${r.capability}: ${r.tenant_count}`}
                      data-testid={`${capabilityStateIds.count}-${r.capability}`}
                    >
                      {tid ? (r.tenant_count > 0 ? 'Has it' : 'No') : r.tenant_count}
                    </Button>
                  </TableCell>
                  <TableCell align="right">{r.expired_count || ''}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Box>
      {open && <CapabilityTenants capability={open} tid={tid} onClose={() => setOpen(null)} />}
    </Box>
  );
}
