/**
 * The warning one minute before the inactivity logout (beyond the spec, docs/sessions.md §4): a
 * countdown and a "Stay signed in" button that counts as activity.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { shellIds } from '../../test-ids';
import { selectInactivityWarningVisible, selectSecondsLeft } from './inactivitySelectors';
import { staySignedInClicked, type InactivityState } from './inactivitySlice';

export const INACTIVITY_WARNING_TITLE = 'Are you still there?';
export const STAY_SIGNED_IN_TEXT = 'Stay signed in';
export const inactivityWarningText = (secondsLeft: number): string =>
  `For your security you will be signed out in ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'} because of inactivity.`;

interface WithInactivity {
  inactivity: InactivityState;
}

export function InactivityWarning() {
  const dispatch = useDispatch();
  const open = useSelector((s: WithInactivity) => selectInactivityWarningVisible(s));
  const secondsLeft = useSelector((s: WithInactivity) => selectSecondsLeft(s)) ?? 0;
  const stay = (): void => {
    dispatch(staySignedInClicked());
  };
  return (
    <Dialog
      open={open}
      onClose={stay}
      aria-labelledby="inactivity-warning-title"
      aria-describedby="inactivity-warning-text"
      data-testid={shellIds.inactivityWarning}
    >
      <DialogTitle id="inactivity-warning-title">{INACTIVITY_WARNING_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="inactivity-warning-text" aria-live="polite">
          {inactivityWarningText(secondsLeft)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={stay} data-testid={shellIds.staySignedIn}>
          {STAY_SIGNED_IN_TEXT}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
