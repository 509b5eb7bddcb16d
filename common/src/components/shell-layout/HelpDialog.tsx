/**
 * Help, from the user menu of either app (issue: "The user menu offers change password, the
 * theme, and help"): what works in every page (keyboard, session, theme), then the app's own
 * topics (how policy changes go live, how logs views are shared, what support staff may do).
 */
import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { shellIds } from '../../test-ids/index';

/** A topic of an app's help: a heading and its text. */
export interface HelpTopic {
  title: string;
  text: ReactNode;
}

/** Keys that work across the workbench (each is implemented where its row says). */
const KEYS: readonly [keys: string, what: string][] = [
  ['Tab (first press on a page)', 'Skip to content: jumps past the navigation to the page itself.'],
  ['Ctrl+Z', 'Undo the last change in a policy editor (before it is saved).'],
  ['Ctrl+Shift+Z or Ctrl+Y', 'Redo it.'],
  ['Arrow keys', 'Move between the cells of a table.'],
  ['Enter', "On a log event: open its details. In a rule's position field: move the rule there."],
  ['Esc', 'Close a dialog, a menu or the details panel.'],
];

function Topic({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function HelpDialog({
  appName,
  topics,
  onClose,
}: {
  appName: string;
  topics: readonly HelpTopic[];
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="help-dialog-title">
      <DialogTitle id="help-dialog-title">{appName}: help</DialogTitle>
      <DialogContent dividers data-testid={shellIds.helpDialog}>
        {topics.map((topic) => (
          <Topic key={topic.title} title={topic.title}>
            <Typography variant="body2" component="div">
              {topic.text}
            </Typography>
          </Topic>
        ))}
        <Topic title="Keyboard">
          <Table size="small" aria-label="Keyboard shortcuts">
            <TableBody>
              {KEYS.map(([keys, what]) => (
                <TableRow key={keys}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}
                  >
                    {keys}
                  </TableCell>
                  <TableCell>{what}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Topic>
        <Topic title="Session">
          <Typography variant="body2">
            After a time without activity you are signed out. A warning comes first, with a button to stay
            signed in.
          </Typography>
        </Topic>
        <Topic title="Theme">
          <Typography variant="body2">
            Choose System setting, Light or Dark in this menu. The choice is kept in this browser.
          </Typography>
        </Topic>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
