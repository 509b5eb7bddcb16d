/**
 * The policy welcome (docs/sessions.md §5 Portal version): on-prem, when the start switched the
 * management station to the portal v2, the session's policy welcome flag is set; this dialog is
 * what shows it. It says how policy works now and leads to the Policy area; closing dismisses it.
 */
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import {
  policyWelcomeDismissed,
  selectPolicyWelcomeVisible,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { policyWelcomeIds } from '@workbench/common/test-ids/index';

export const POLICY_WELCOME_TEXTS = {
  title: 'Welcome to the new policy editor',
  staged:
    'Policy changes are now kept in a staged revision: edit as much as you need, review the changes, then Publish them all at once from the bar at the top.',
  history:
    'Every published revision stays in the history, so you can compare it with another or roll back to it.',
  open: 'Open Policy',
  close: 'Close',
} as const;

export function PolicyWelcome() {
  const visible = useAppSelector(selectPolicyWelcomeVisible);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const dismiss = () => dispatch(policyWelcomeDismissed());
  return (
    <Dialog
      open={visible}
      onClose={dismiss}
      aria-labelledby="policy-welcome-title"
      data-testid={policyWelcomeIds.dialog}
    >
      <DialogTitle id="policy-welcome-title">{POLICY_WELCOME_TEXTS.title}</DialogTitle>
      <DialogContent>
        <DialogContentText gutterBottom>{POLICY_WELCOME_TEXTS.staged}</DialogContentText>
        <DialogContentText>{POLICY_WELCOME_TEXTS.history}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={dismiss} data-testid={policyWelcomeIds.close}>
          {POLICY_WELCOME_TEXTS.close}
        </Button>
        <Button
          variant="contained"
          data-testid={policyWelcomeIds.open}
          onClick={() => {
            dismiss();
            navigate('/policy');
          }}
        >
          {POLICY_WELCOME_TEXTS.open}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
