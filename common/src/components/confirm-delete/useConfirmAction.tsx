import { useState, type ReactNode } from 'react';
import { DialogContentText } from '@mui/material';
import { ConfirmActionDialog, type ConfirmActionDialogProps } from './ConfirmActionDialog';

export interface ConfirmRequest {
  /** A question naming the action and what it affects. */
  title: string;
  /** What follows for what it affects. */
  body: ReactNode;
  confirmLabel: string;
  /** Runs once the user confirms (the dialog closes first). */
  run: () => void;
}

/**
 * One confirmation at a time for a page's destructive actions: `ask` opens it, `dialog` is the
 * element to render (null when none is asked).
 */
export function useConfirmAction(testIds: ConfirmActionDialogProps['testIds']): {
  ask: (request: ConfirmRequest) => void;
  dialog: ReactNode;
} {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const dialog = request && (
    <ConfirmActionDialog
      title={request.title}
      confirmLabel={request.confirmLabel}
      onCancel={() => setRequest(null)}
      onConfirm={() => {
        setRequest(null);
        request.run();
      }}
      testIds={testIds}
    >
      {typeof request.body === 'string' ? (
        <DialogContentText>{request.body}</DialogContentText>
      ) : (
        request.body
      )}
    </ConfirmActionDialog>
  );
  return { ask: setRequest, dialog };
}
