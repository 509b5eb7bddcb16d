/**
 * The top of a sign-in settings form: the save's refusal (closable) and the form's on/off switch.
 */
import { Alert, FormControlLabel, Switch } from '@mui/material';

export interface FormHeadProps {
  error: string | null;
  errorTestId: string;
  onCloseError: () => void;
  enabled: boolean;
  enabledLabel: string;
  enabledTestId: string;
  disabled: boolean;
  onEnabled: (enabled: boolean) => void;
}

export function FormHead(props: FormHeadProps) {
  return (
    <>
      {props.error && (
        <Alert severity="error" data-testid={props.errorTestId} onClose={props.onCloseError}>
          {props.error}
        </Alert>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={props.enabled}
            disabled={props.disabled}
            onChange={(e) => props.onEnabled(e.target.checked)}
            slotProps={{ input: { 'data-testid': props.enabledTestId } as object }}
          />
        }
        label={props.enabledLabel}
      />
    </>
  );
}
