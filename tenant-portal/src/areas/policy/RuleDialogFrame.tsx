import type { FormEvent } from 'react';
import { Box, Button, Dialog, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { RuleAccordion, type RuleAccordionPanel } from '@workbench/common';
import { useLiveValidation, type LiveValidation } from './liveValidation';

/** "<Noun>: <name>" for a stored rule, "New <noun>" for one being added. */
export const ruleDialogTitle = (noun: string, name: string | null | undefined): string =>
  name == null ? `New ${noun.toLowerCase()}` : `${noun}: ${name}`;

export interface RuleDialogFrameProps<V> {
  title: string;
  /** The family's rule dialog test id; the title's id derives from it. */
  testId: string;
  /** The rule accordion's panels (docs/shared-ui.md §9 Rule accordion). */
  panels: readonly RuleAccordionPanel[];
  /** A stored rule is edited or viewed (the accordion opens on every panel), not a new one added. */
  editMode: boolean;
  /** Readers see every field and cannot change or save anything. */
  readOnly: boolean;
  /** The accordion's last button (default "Apply": the rule goes into the draft). */
  saveLabel?: string;
  /** Submits the form (Formik's handleSubmit). */
  onSubmit: () => void;
  /** The Formik form and what it validates with: its errors follow its values in the same commit. */
  validation: LiveValidation<V>;
  onClose: () => void;
  /**
   * Where Cancel stands. `{ testId }`: one Cancel button under the accordion (Close for readers,
   * whose fields the accordion disables). 'panels': Cancel beside each panel's Next and Save (the
   * firewall and private access dialogs, whose fields disable themselves); both stand beside the
   * accordion's Save under the panels when a stored rule is edited.
   */
  cancel: { testId: string } | 'panels';
  /** The form's accessible name, where the family gives it one. */
  formLabel?: string;
}

/**
 * The frame every policy family's rule dialog shares: the dialog (full screen on phones), its
 * title, the form around the rule accordion, read-only handling and Cancel. The families give
 * the panels and the Formik form behind them.
 */
export function RuleDialogFrame<V>({
  title,
  testId,
  panels,
  editMode,
  readOnly,
  saveLabel = 'Apply',
  onSubmit,
  validation,
  onClose,
  cancel,
  formLabel,
}: RuleDialogFrameProps<V>) {
  useLiveValidation(validation);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = `${testId}-title`;
  const panelCancel = cancel === 'panels';
  const accordion = (
    <RuleAccordion
      panels={panels}
      editMode={editMode}
      canSave={!readOnly}
      saveLabel={saveLabel}
      onSave={onSubmit}
      onCancel={panelCancel ? onClose : undefined}
      fieldsDisabled={!panelCancel && readOnly}
      footerActions={
        !panelCancel && (
          <Button onClick={onClose} data-testid={cancel.testId}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
        )
      }
    />
  );
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={narrow}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          aria-label={formLabel}
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {accordion}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
