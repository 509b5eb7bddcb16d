import {
  Box,
  Drawer,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import CloseIcon from '@mui/icons-material/Close';
import { logsIds, policyRuleLinkId, type IndexedLogEvent } from '@workbench/common';
import { policyRuleHrefOf } from '../policy/policyRuleLinks';
import { fieldLabel, fieldText } from './logFields';

/** Every field of an event, coded values shown by their vocabulary labels (the code after it). */
export function LogDetailDrawer({ event, onClose }: { event: IndexedLogEvent | null; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open={event !== null}
      onClose={onClose}
      // Above the shell's app bar (which sits above the navigation drawer).
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
    >
      {event && (
        <Box data-testid={logsIds.detail} sx={{ width: 440, p: 2 }} role="region" aria-label="Event details">
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', flex: 1 }}>
              Event details
            </Typography>
            <IconButton aria-label="Close" data-testid={logsIds.detailClose} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Table size="small">
            <TableBody>
              {Object.keys(event).map((field) => {
                const value = event[field];
                const text = fieldText(field, value);
                return (
                  <TableRow key={field} data-testid={`${logsIds.detailField}-${field}`}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 600, verticalAlign: 'top' }}>
                      {fieldLabel(field)}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {field === 'policy_rule' && policyRuleHrefOf(String(value)) ? (
                        // The rule that decided the request, opened where it is edited (issue 12).
                        <Link
                          component={RouterLink}
                          to={policyRuleHrefOf(String(value))!}
                          data-testid={policyRuleLinkId}
                        >
                          {event.rule_name ? `Open rule “${String(event.rule_name)}”` : 'Open the rule'}
                        </Link>
                      ) : field === 'index' ? (
                        Number(value) + 1
                      ) : (
                        text
                      )}
                      {text !== String(value) && field !== 'index' && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {` (${String(value)})`}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Drawer>
  );
}
