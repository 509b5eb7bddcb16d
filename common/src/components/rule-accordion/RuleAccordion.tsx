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
  type AccordionPanelInfo,
} from './ruleAccordionModel';

export interface RuleAccordionPanel extends AccordionPanelInfo {
  title: string;
  /** Short text shown in the header (e.g. what the panel holds). */
  summary?: ReactNode;
  content: ReactNode;
}

/**
 * Props of RuleAccordion (§4 Rule accordion).
 *
 * Usage: `<RuleAccordion editMode={Boolean(rule.id)} canSave={can('policy:web', 'write')}
 * panels={[{ id: 'what', title: 'What', valid: form.valid, content: <WhatFields /> }, ...]}
 * onSave={save} />`. Panels carry their own validity; `hidden` panels are skipped; `optional`
 * panels open without their predecessor's Next in a new rule.
 */
export interface RuleAccordionProps {
  panels: readonly RuleAccordionPanel[];
  editMode: boolean;
  /** Permission to save. */
  canSave: boolean;
  onSave: () => void;
  onCancel?: () => void;
  saveLabel?: string;
}

export function RuleAccordion({
  panels,
  editMode,
  canSave,
  onSave,
  onCancel,
  saveLabel = 'Save',
}: RuleAccordionProps) {
  const [state, setState] = useState(() => initialAccordionState(panels, editMode));
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
              <AccordionDetails id={`${panel.id}-content`}>{panel.content}</AccordionDetails>
              <AccordionActions>
                {onCancel && <Button onClick={onCancel}>Cancel</Button>}
                {last ? (
                  <Button
                    variant="contained"
                    data-testid={componentIds.ruleAccordionSave}
                    disabled={!saveEnabled(panels, canSave)}
                    onClick={onSave}
                  >
                    {saveLabel}
                  </Button>
                ) : (
                  <Button
                    variant="contained"
                    data-testid={componentIds.ruleAccordionNext}
                    disabled={!nextEnabled(panels, panel.id)}
                    onClick={() => setState((s) => nextClicked(s, panels, panel.id, editMode))}
                  >
                    Next
                  </Button>
                )}
              </AccordionActions>
            </Accordion>
          );
        })}
    </Box>
  );
}
