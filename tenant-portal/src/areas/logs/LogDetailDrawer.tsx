/**
 * The details drawer of one event (issue 15): its time as the grid shows it (local, the UTC time
 * on hover), every field with the vocabulary's label (never the code; the code is on hover), byte
 * counts with the exact count, no internal row index; filter in / filter out on each value; the
 * previous and next event of the grid's order; the event's own URL (`event=` in the query, see
 * logView.ts withEvent) so it can be linked and opens on load.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import {
  Box,
  Button,
  Drawer,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import CloseIcon from '@mui/icons-material/Close';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { logsIds, policyRuleLinkId } from '@workbench/common';
import type { LogEvent } from '@workbench/common/api/contract/logs';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { POLICY_OPTION_REGISTRY } from '@workbench/common/api/contract/policyOptions';
import { policyRuleHrefOf, policyRuleReference } from '../policy/policyRuleLinks';
import { FIELD_VOCABULARIES, fieldLabel, fieldText } from './logFields';
import { canFilterOn, FilterInOutButtons, type OnFieldFilter } from './FieldFilters';
import type { FileserverQuery } from '@workbench/common/api/contract/fileserver';
import { fileAnalysisIds } from '@workbench/common/test-ids/fileAnalysisIds';

/**
 * A file's analysis reports, loaded when the drawer's file link first opens it (not with the logs
 * page) and kept from then on, so it closes with its transition as before.
 */
const FileAnalysisDialog = lazy(() =>
  import('./FileAnalysisDialog').then((m) => ({ default: m.FileAnalysisDialog })),
);

/** The event's own parts the drawer does not list (the row index, the epoch, the page's type). */
const NOT_SHOWN: ReadonlySet<string> = new Set(['index', 'time', 'log_type', 'event_time']);
const BYTE_FIELDS: ReadonlySet<string> = new Set(['bytes_in', 'bytes_out']);

/** An event's time as the grid shows it (the browser's local time). */
export const localTime = (ms: number): string => new Date(ms).toLocaleString();

export function LogDetailDrawer({
  event,
  onClose,
  onFilter,
  onPrevious,
  onNext,
}: {
  event: LogEvent | null;
  onClose: () => void;
  /** Filter in / out on a value (absent: no buttons). */
  onFilter?: OnFieldFilter;
  /** The previous / next event of the grid's order; null when there is none. */
  onPrevious?: (() => void) | null;
  onNext?: (() => void) | null;
}) {
  // An event with a file's hash: its analysis reports (docs/reports.md §5).
  const [fileQuery, setFileQuery] = useState<FileserverQuery | null>(null);
  const fileDialogOpened = useRef(false);
  if (fileQuery !== null) fileDialogOpened.current = true;
  const sha256 = typeof event?.sha256 === 'string' && event.sha256 !== '' ? event.sha256 : null;
  return (
    <Drawer
      anchor="right"
      open={event !== null}
      onClose={onClose}
      // Above the shell's app bar (which sits above the navigation drawer).
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
    >
      {event && (
        <Box
          data-testid={logsIds.detail}
          sx={{ width: { xs: '100vw', sm: 460 }, maxWidth: '100vw', p: 2 }}
          role="region"
          aria-label="Event details"
        >
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 0.5 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', flex: 1 }}>
              Event details
            </Typography>
            <Button
              size="small"
              startIcon={<NavigateBeforeIcon />}
              disabled={!onPrevious}
              onClick={() => onPrevious?.()}
              data-testid={logsExplorerIds.detailPrevious}
            >
              Previous
            </Button>
            <Button
              size="small"
              endIcon={<NavigateNextIcon />}
              disabled={!onNext}
              onClick={() => onNext?.()}
              data-testid={logsExplorerIds.detailNext}
            >
              Next
            </Button>
            <IconButton aria-label="Close" data-testid={logsIds.detailClose} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          {sha256 && (
            <Button
              variant="outlined"
              size="small"
              sx={{ mb: 1 }}
              onClick={() => setFileQuery({ sha256: [sha256] })}
              data-testid={fileAnalysisIds.openFromEvent}
            >
              File analysis report
            </Button>
          )}
          {fileDialogOpened.current && (
            <Suspense fallback={null}>
              <FileAnalysisDialog query={fileQuery} onClose={() => setFileQuery(null)} />
            </Suspense>
          )}
          <Table size="small">
            <TableBody>
              <TableRow data-testid={`${logsIds.detailField}-event_time`}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {fieldLabel('event_time')}
                </TableCell>
                <TableCell>
                  <Tooltip
                    title={`UTC: ${new Date(Number(event.time)).toISOString().replace('T', ' ').slice(0, 23)}`}
                  >
                    <Box component="time" dateTime={new Date(Number(event.time)).toISOString()} tabIndex={0}>
                      {localTime(Number(event.time))}
                    </Box>
                  </Tooltip>
                </TableCell>
              </TableRow>
              {Object.keys(event)
                .filter((field) => !NOT_SHOWN.has(field))
                .map((field) => (
                  <FieldRow key={field} event={event} field={field} onFilter={onFilter} />
                ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Drawer>
  );
}

function FieldRow({ event, field, onFilter }: { event: LogEvent; field: string; onFilter?: OnFieldFilter }) {
  const value = event[field];
  const text = fieldText(field, value);
  const rule = field === 'policy_rule' ? policyRuleHrefOf(String(value)) : null;
  const option = rule ? policyRuleReference(String(value))?.option : null;
  const coded = FIELD_VOCABULARIES[field] !== undefined && text !== String(value);
  return (
    <TableRow data-testid={`${logsIds.detailField}-${field}`}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 600, verticalAlign: 'top' }}>
        {fieldLabel(field)}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {rule ? (
              // The rule that decided the request, opened where it is edited (issue 12).
              <>
                <Link component={RouterLink} to={rule} data-testid={policyRuleLinkId}>
                  {event.rule_name ? `Open rule “${String(event.rule_name)}”` : 'Open the rule'}
                </Link>
                {option && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {` (${POLICY_OPTION_REGISTRY[option].label})`}
                  </Typography>
                )}
              </>
            ) : coded ? (
              // The label reads; the code is there for who needs it (hover).
              <span title={`Code: ${String(value)}`}>{text}</span>
            ) : (
              text
            )}
            {BYTE_FIELDS.has(field) && (
              <Typography component="span" variant="body2" color="text.secondary">
                {` (${Number(value).toLocaleString('en-US')} bytes)`}
              </Typography>
            )}
          </Box>
          {onFilter && field !== 'id' && canFilterOn(field, value) && (
            <FilterInOutButtons field={field} value={value} onFilter={onFilter} />
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
}
