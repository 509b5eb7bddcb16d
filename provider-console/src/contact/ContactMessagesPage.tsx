/**
 * Contact messages (issue 34 point 7; docs/contact.md §1): what the tenants'
 * administrators sent from the portal's Contact Us, newest first, filtered by tenant and status.
 * A message opens to its full text; an operator marks it answered (or new again), which the
 * provider's audit trail records with before and after. Support reads only.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TablePagination,
  Typography,
} from '@mui/material';
import { selectProviderIsOperator, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  CONTACT_STATUSES,
  CONTACT_TOPICS,
  type ContactMessage,
  type ContactStatus,
} from '@workbench/common/api/contract/contactForm';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { counted } from '@workbench/common/formatting/counted';
import { contactMessagesIds as ids } from '@workbench/common/test-ids/contactIds';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import type { ProviderPageProps } from '../app/providerAreaModel';
import { FilterToolbar, SelectFilter, TenantFilter } from '../filters/FilterToolbar';

const PAGE_SIZE = 25;
const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export function ContactMessagesPage({ area }: ProviderPageProps) {
  const dispatch = useAppDispatch();
  const canWrite = useAppSelector(selectProviderIsOperator);
  const [tenant, setTenant] = useState('');
  const [status, setStatus] = useState<ContactStatus | ''>('new');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useEntityRead(
    'listContactMessages',
    [
      {
        ...(tenant ? { tenant } : {}),
        ...(status ? { status } : {}),
        limit: PAGE_SIZE,
        offset: page * PAGE_SIZE,
      },
    ],
    { keepPrevious: true },
  );
  const setMessageStatus = useEntityCall('setContactMessageStatus');

  const mark = (m: ContactMessage, next: ContactStatus) => {
    setFailure(null);
    setMessageStatus(m.id, next).then(
      () => {
        dispatch(
          snackbarShown({
            kind: 'save',
            outcome: 'success',
            message: `"${m.subject}" of ${m.tenant_name} is ${CONTACT_STATUSES[next].toLowerCase()}.`,
          }),
        );
        list.reload();
      },
      (e: unknown) => setFailure(toErrorInfo(e, 'setContactMessageStatus').message),
    );
  };

  const messages = list.data?.messages ?? [];
  return (
    <Box data-testid={ids.page}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {area.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Messages the tenants’ administrators sent from the portal’s Contact Us page. Answer by e-mail to the
        address given, then mark the message answered.
      </Typography>
      <FilterToolbar>
        <TenantFilter
          value={tenant}
          onChange={(v) => {
            setTenant(v);
            setPage(0);
          }}
          allLabel="All tenants"
          testId={ids.tenantFilter}
        />
        <SelectFilter
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v as ContactStatus | '');
            setPage(0);
          }}
          allLabel="Any status"
          options={(Object.keys(CONTACT_STATUSES) as ContactStatus[]).map((s) => ({
            value: s,
            label: CONTACT_STATUSES[s],
          }))}
          testId={ids.statusFilter}
        />
        <Typography color="text.secondary" data-testid={ids.total} aria-live="polite">
          {list.data ? counted(list.data.total, 'message') : 'Loading messages…'}
        </Typography>
      </FilterToolbar>
      {list.status === 'failed' && (
        <LoadFailed
          sx={{ mb: 2 }}
          message={list.error?.message ?? 'The messages were not loaded.'}
          onRetry={list.reload}
        />
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Paper variant="outlined">
        <Table size="small" aria-label={area.title} data-testid={ids.table}>
          <TableHead>
            <TableRow>
              <TableCell>Sent</TableCell>
              <TableCell>Tenant</TableCell>
              <TableCell>From</TableCell>
              <TableCell>Topic</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {messages.length === 0 && list.data && (
              <TableRow>
                <TableCell colSpan={7}>No messages.</TableCell>
              </TableRow>
            )}
            {messages.flatMap((m) => [
              <TableRow key={m.id} data-testid={`${ids.row}-${m.id}`}>
                <TableCell>{minute(m.sent_at)}</TableCell>
                <TableCell>{m.tenant_name}</TableCell>
                <TableCell>{m.sent_by}</TableCell>
                <TableCell>{CONTACT_TOPICS[m.topic]}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => setOpen(open === m.id ? null : m.id)}
                    aria-expanded={open === m.id}
                    sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
                  >
                    {m.subject}
                  </Button>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={m.status === 'new' ? 'warning' : 'success'}
                    label={CONTACT_STATUSES[m.status]}
                  />
                </TableCell>
                <TableCell align="right">
                  {canWrite &&
                    (m.status === 'new' ? (
                      <Button
                        size="small"
                        onClick={() => mark(m, 'answered')}
                        data-testid={`${ids.markAnswered}-${m.id}`}
                      >
                        Mark answered
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        onClick={() => mark(m, 'new')}
                        data-testid={`${ids.reopen}-${m.id}`}
                      >
                        Mark new
                      </Button>
                    ))}
                </TableCell>
              </TableRow>,
              ...(open === m.id
                ? [
                    <TableRow key={`${m.id}-text`}>
                      <TableCell colSpan={7}>
                        <Stack spacing={1}>
                          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.message}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            Answer to {m.reply_to}
                            {m.answered_by && m.answered_at
                              ? ` · answered by ${m.answered_by}, ${minute(m.answered_at)}`
                              : ''}
                          </Typography>
                        </Stack>
                      </TableCell>
                    </TableRow>,
                  ]
                : []),
            ])}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
        />
      </Paper>
    </Box>
  );
}
