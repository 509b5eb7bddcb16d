/**
 * What the Administrators and Roles pages share: a row's icon action, and a write run from a
 * dialog that waits while it runs and keeps the server's refusal to show in place.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import type { ApiCallError } from '@workbench/common/api/ApiCallError';

/** A row's action as an icon button: its label is the tooltip and the accessible name. */
export function RowAction({
  label,
  testId,
  onClick,
  children,
}: {
  label: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} data-testid={testId} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** The server's refusal of a write, kept by the dialog that asked: its message and the field it names. */
export interface ServerRefusal {
  message: string;
  field?: string;
}

export const serverRefusalOf = (error: unknown): ServerRefusal => {
  const e = error as Partial<ApiCallError>;
  return { message: e.message ?? 'The request failed.', ...(e.field ? { field: e.field } : {}) };
};

/**
 * A write asked from a dialog: `busy` while it runs; done, `done` gets its answer and `after` runs
 * (the page reads its list afresh); refused, `refusal` holds the server's reason for the dialog.
 */
export function useDialogWrite(after: () => void) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const run = useCallback(
    async <T,>(write: () => Promise<T>, done: (result: T) => void): Promise<void> => {
      setBusy(true);
      setRefusal(null);
      try {
        const result = await write();
        done(result);
        after();
      } catch (error) {
        setRefusal(serverRefusalOf(error));
      } finally {
        setBusy(false);
      }
    },
    [after],
  );
  const clearRefusal = useCallback(() => setRefusal(null), []);
  return { busy, refusal, clearRefusal, run };
}
