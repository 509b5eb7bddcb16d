import { useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionActions,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { componentIds } from '../../test-ids';
import {
  initialAccordionState,
  isLastPanel,
  nextClicked,
  nextEnabled,
  panelToggled,
  saveEnabled,
  savePlace,
  type AccordionPanelInfo,
} from './ruleAccordionModel';

export interface RuleAccordionPanel extends AccordionPanelInfo {
  title: string;
  /** Short text shown in the header (e.g. what the panel holds). */
  summary?: ReactNode;
  content: ReactNode;
}

/**
 * Props of RuleAccordion (docs/shared-ui.md §9 Rule accordion).
 *
 * Usage: `<RuleAccordion editMode={Boolean(rule.id)} canSave={can('policy:web', 'write')}
 * panels={[{ id: 'what', title: 'What', valid: form.valid, content: <WhatFields /> }, ...]}
 * onSave={save} />`. Panels carry their own validity; `hidden` panels are skipped; `optional`
 * panels open without their predecessor's Next in a new rule. A new rule's Save is on its last
 * panel; an edited one's under the panels, beside `footerActions` (savePlace).
 */
export interface RuleAccordionProps {
  panels: readonly RuleAccordionPanel[];
  editMode: boolean;
  /** Permission to save. */
  canSave: boolean;
  onSave: () => void;
  /** Cancel beside each panel's Next and Save (under the panels, beside Save, when editing). */
  onCancel?: () => void;
  saveLabel?: string;
  /**
   * Readers: every panel's fields are disabled (a disabled fieldset around each panel's content);
   * the headers, Next and the footer stay live, so every panel can still be opened and read.
   */
  fieldsDisabled?: boolean;
  /** Drawn under the panels, before the edit mode's Save (e.g. the dialog's Cancel or Close). */
  footerActions?: ReactNode;
}

const bareFieldset = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

export function RuleAccordion({
  panels,
  editMode,
  canSave,
  onSave,
  onCancel,
  saveLabel = 'Save',
  fieldsDisabled = false,
  footerActions,
}: RuleAccordionProps) {
  const [state, setState] = useState(() => initialAccordionState(panels, editMode));
  const inFooter = savePlace(editMode) === 'footer';
  const save = (
    <Button
      variant="contained"
      data-testid={componentIds.ruleAccordionSave}
      disabled={!saveEnabled(panels, canSave)}
      onClick={onSave}
    >
      {saveLabel}
    </Button>
  );
  const cancel = onCancel && <Button onClick={onCancel}>Cancel</Button>;
  return (
    <Box data-testid={componentIds.ruleAccordion}>
      {panels
        .filter((panel) => !panel.hidden)
        .map((panel) => {
          const expanded = state.open.includes(panel.id);
          const enabled = state.enabled.includes(panel.id);
          const last = isLastPanel(panels, panel.id);
          return (
            <Accordion
              key={panel.id}
              expanded={expanded}
              disabled={!enabled}
              onChange={() => setState((s) => panelToggled(s, panels, panel.id, editMode))}
              slotProps={{ transition: { unmountOnExit: false } }}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                aria-controls={`${panel.id}-content`}
                id={`${panel.id}-header`}
              >
                <Typography sx={{ flex: 1 }}>{panel.title}</Typography>
                {panel.summary && (
                  <Typography variant="body2" color="text.secondary">
                    {panel.summary}
                  </Typography>
                )}
              </AccordionSummary>
              <AccordionDetails id={`${panel.id}-content`}>
                {fieldsDisabled ? (
                  <fieldset disabled style={bareFieldset}>
                    {panel.content}
                  </fieldset>
                ) : (
                  panel.content
                )}
              </AccordionDetails>
              {!(inFooter && last) && (
                <AccordionActions>
                  {!inFooter && cancel}
                  {last ? (
                    save
                  ) : (
                    <Button
                      variant={inFooter ? 'outlined' : 'contained'}
                      data-testid={componentIds.ruleAccordionNext}
                      disabled={!nextEnabled(panels, panel.id)}
                      onClick={() => setState((s) => nextClicked(s, panels, panel.id, editMode))}
                    >
                      Next
                    </Button>
                  )}
                </AccordionActions>
              )}
            </Accordion>
          );
        })}
      {(inFooter || footerActions) && (
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
            gap: 1,
            mt: 2,
          }}
        >
          {footerActions}
          {inFooter && cancel}
          {inFooter && save}
        </Box>
      )}
    </Box>
  );
}
