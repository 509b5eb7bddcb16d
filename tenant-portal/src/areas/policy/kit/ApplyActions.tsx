import { Button, DialogActions } from '@mui/material';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';

/**
 * The foot of an entry dialog of the policy lists: Cancel (Close for readers) and, for writers,
 * Apply, the form's submit, enabled while the form is valid. Apply puts the entry in the section's
 * draft; the section's Save stores it.
 */
export function ApplyActions({
  canWrite,
  valid,
  onClose,
}: {
  canWrite: boolean;
  valid: boolean;
  onClose: () => void;
}) {
  return (
    <DialogActions>
      <Button onClick={onClose} data-testid={webPolicyIds.ruleCancel}>
        {canWrite ? 'Cancel' : 'Close'}
      </Button>
      {canWrite && (
        <Button type="submit" variant="contained" disabled={!valid}>
          Apply
        </Button>
      )}
    </DialogActions>
  );
}
