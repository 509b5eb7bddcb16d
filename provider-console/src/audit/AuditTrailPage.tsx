/**
 * The provider's audit trail (issue 14: "Every write lands in an operator audit trail (who, when,
 * what, before/after), readable in the console"): newest first, paged on the server, filtered by
 * actor, action, tenant and time range; an event's details show its state before and after side
 * by side. The same view is a tenant's Audit trail tab, fixed to that tenant. Read-only for
 * everyone: the trail is written by the server only. Decisions: README.md beside this file.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { SearchField, providerIds } from '@workbench/common';
import { DataTable, type DataTableColumn } from '@workbench/common/components/data-table/index';
import { providerAuditIds } from '@workbench/common/test-ids/index';
import { AUDIT_ACTIONS } from '@workbench/common/vocabularies/index';
import { SUB_EVENT_TYPES } from '@workbench/common/api/contract/auditAreas';
import { vocabularyLabel } from '@workbench/common/vocabularies/vocabulary';
import {
  PROVIDER_AUDIT_DEFAULT_LIMIT,
  type ProviderAuditEvent,
  type ProviderAuditQuery,
} from '@workbench/common/api/contract/providerAudit';
import { useEntityRead } from '../app/consoleEntities';
import { FilterToolbar, SelectFilter, TenantFilter } from '../filters/FilterToolbar';

/** The trail's filters as typed (times as datetime-local text in the viewer's time zone). */
export interface AuditFilters {
  actor: string;
  action: string;
  tenant: string;
  from: string;
  to: string;
}
const NO_FILTERS: AuditFilters = { actor: '', action: '', tenant: '', from: '', to: '' };
/** Typing in the actor field asks the server after a pause, not per key. */
const ACTOR_DEBOUNCE_MS = 400;

/** The filters as the query of GET /gdmanage/api/v1/audit (empty ones left out). */
export function auditQueryOf(
  filters: AuditFilters,
  page: number,
  pageSize: number,
  tenant?: string,
): ProviderAuditQuery {
  const iso = (local: string) => {
    const d = new Date(local);
    return local && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
  };
  return {
    limit: pageSize,
    offset: page * pageSize,
    actor: filters.actor.trim() || undefined,
    action: filters.action || undefined,
    tenant: tenant ?? (filters.tenant || undefined),
    from: iso(filters.from),
    to: iso(filters.to),
  };
}

/** A before/after text as indented JSON (as stored when it is not JSON). */
export function prettyState(text: string | null): string {
  if (text === null) return '—';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A time as `2026-11-26 03:20:41` in the viewer's time zone: short, sortable, never cut off. */
export function timeText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

function columns(
  open: (e: ProviderAuditEvent) => void,
  withTenant: boolean,
): DataTableColumn<ProviderAuditEvent>[] {
  return [
    { name: 'time', header: 'Time', flex: 1.4, value: (e) => timeText(e.time) },
    { name: 'actor', header: 'Actor', flex: 1.5, value: (e) => e.actor },
    {
      name: 'action',
      header: 'Action',
      flex: 1,
      value: (e) => vocabularyLabel(AUDIT_ACTIONS, e.action),
    },
    { name: 'area', header: 'Area', flex: 1.2, value: (e) => vocabularyLabel(SUB_EVENT_TYPES, e.area) },
    ...(withTenant
      ? [
          {
            name: 'tenant',
            header: 'Tenant',
            flex: 1,
            value: (e: ProviderAuditEvent) => e.tenant_name ?? e.tenant ?? '',
          },
        ]
      : []),
    { name: 'details', header: 'What', flex: 2.8, value: (e) => e.details },
    {
      name: 'open',
      header: 'Details',
      flex: 0.8,
      render: (e) => (
        <Button
          size="small"
          onClick={() => open(e)}
          aria-label={`Details of ${e.details}`}
          data-testid={`${providerAuditIds.details}-${e.id}`}
        >
          View
        </Button>
      ),
    },
  ];
}

function EventDialog({ event, onClose }: { event: ProviderAuditEvent; onClose(): void }) {
  const state = (label: string, text: string | null, testId: string) => (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {label}
      </Typography>
      <Box
        component="pre"
        data-testid={testId}
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 360,
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: '0.8rem',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {prettyState(text)}
      </Box>
    </Box>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid={providerAuditIds.detailsDialog}>
      <DialogTitle>{event.details}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mt: 0 }}
        >
          {(
            [
              ['When', timeText(event.time)],
              ['Who', event.actor],
              ['Action', vocabularyLabel(AUDIT_ACTIONS, event.action)],
              ['Area', vocabularyLabel(SUB_EVENT_TYPES, event.area)],
              ['Object', event.object ?? '—'],
              ['Tenant', event.tenant_name ?? event.tenant ?? '—'],
              ['Source IP', event.src_ip ?? '—'],
            ] as const
          ).map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
          {state('Before', event.before, providerAuditIds.before)}
          {state('After', event.after, providerAuditIds.after)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The trail, of every tenant (with a tenant filter) or fixed to one tenant (its detail's tab). */
export function AuditTrailView({ tenant }: { tenant?: string }) {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [actor, setActor] = useState('');
  const [paging, setPaging] = useState({ page: 0, pageSize: PROVIDER_AUDIT_DEFAULT_LIMIT });
  const [open, setOpen] = useState<ProviderAuditEvent | null>(null);

  useEffect(() => {
    if (actor === filters.actor) return;
    const timer = setTimeout(() => {
      setFilters((f) => ({ ...f, actor }));
      setPaging((p) => ({ ...p, page: 0 }));
    }, ACTOR_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [actor, filters.actor]);

  // The page shows the last answer while the next page or filter loads.
  const { data: result, error } = useEntityRead(
    'listProviderAudit',
    [auditQueryOf(filters, paging.page, paging.pageSize, tenant)],
    { keepPrevious: true },
  );

  const change = (next: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, page: 0 }));
  };

  return (
    <Box data-testid={providerAuditIds.view}>
      <FilterToolbar>
        <SearchField
          size="small"
          label="Actor"
          placeholder="operator@provider.example"
          value={actor}
          onChange={setActor}
          testId={providerAuditIds.actorFilter}
          maxLength={200}
        />
        <SelectFilter
          label="Action"
          value={filters.action}
          onChange={(action) => change({ action })}
          allLabel="Any action"
          options={AUDIT_ACTIONS.map((a) => ({ value: a.code, label: a.label }))}
          testId={providerAuditIds.actionFilter}
        />
        {!tenant && (
          <TenantFilter
            value={filters.tenant}
            onChange={(tid) => change({ tenant: tid })}
            allLabel="Any tenant"
            testId={providerAuditIds.tenantFilter}
          />
        )}
        <TextField
          size="small"
          type="datetime-local"
          label="From"
          value={filters.from}
          onChange={(e) => change({ from: e.target.value })}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': providerAuditIds.fromFilter },
          }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label="To"
          value={filters.to}
          onChange={(e) => change({ to: e.target.value })}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': providerAuditIds.toFilter },
          }}
        />
        <Typography color="text.secondary" aria-live="polite" sx={{ ml: 'auto' }}>
          {result ? `${result.total} ${result.total === 1 ? 'event' : 'events'}` : ''}
        </Typography>
      </FilterToolbar>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={providerAuditIds.error}>
          {error.message}
        </Alert>
      )}
      <Box data-testid={providerAuditIds.table} role="region" aria-label="Audit trail table">
        <DataTable<ProviderAuditEvent>
          label="Audit trail"
          rows={result?.events ?? []}
          rowKey={(e) => e.id}
          columns={columns(setOpen, !tenant)}
          serverPaging={{
            page: paging.page,
            pageSize: paging.pageSize,
            total: result?.total ?? 0,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
          emptyText={result ? 'No audit events match.' : 'Loading…'}
        />
      </Box>
      {open && <EventDialog event={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

/** The console's Audit trail area: every operator write, of every tenant and entity. */
export function AuditTrailPage() {
  return (
    <Box>
      <Typography variant="h1" data-testid={providerIds.pageTitle} sx={{ mb: 2 }}>
        Audit trail
      </Typography>
      <AuditTrailView />
    </Box>
  );
}
