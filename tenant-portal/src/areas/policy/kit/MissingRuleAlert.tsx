import { Alert } from '@mui/material';

/** Says that the `?rule=<id>` a link opened names nothing in the staged list; closing drops the link. */
export function MissingRuleAlert({
  id,
  noun = 'rule',
  onClose,
}: {
  id: string;
  /** "rule", or "entry" for the lists of named entries. */
  noun?: string;
  onClose: () => void;
}) {
  return (
    <Alert severity="info" sx={{ mb: 1 }} onClose={onClose}>
      The {noun} {id} is not in the staged policy; it may have been deleted.
    </Alert>
  );
}
