import { Box, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { POLICY_ENFORCEMENT_ACTIONS, RISKS, vocabularyLabel } from '@workbench/common/vocabularies/index';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { RISK_LEVEL_ACTIONS } from '@workbench/common/api/contract/policy-kinds/webKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';

export type RisksDoc = PolicyData<'risks'>;

/** The action of a risk level; a level the document does not list is allowed (policy order: nothing matched allows). */
const actionOf = (doc: RisksDoc, risk: string) => doc.list.find((e) => e.risk === risk)?.action ?? 'allow';

type RiskLevelAction = (typeof RISK_LEVEL_ACTIONS)[number];

export function setRiskAction(doc: RisksDoc, risk: string, action: RiskLevelAction): RisksDoc {
  const listed = doc.list.some((e) => e.risk === risk);
  return {
    ...doc,
    list: listed
      ? doc.list.map((e) => (e.risk === risk ? { ...e, action } : e))
      : [...doc.list, { risk, action }],
  };
}

/**
 * Threats & risk levels (docs/policy.md §4 risks: list and flash): what a site of each risk level
 * (G Low, Y Medium, R High, docs/glossary.md §2) gets, and whether Flash content is blocked.
 */
export function RisksSection({
  doc,
  onChange,
  readOnly,
}: {
  doc: RisksDoc;
  onChange: (doc: RisksDoc) => void;
  readOnly: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <Typography variant="body2" color="text.secondary">
        Sites no category or rule decides on are treated by their risk level.
      </Typography>
      {RISKS.map((risk) => {
        const action = actionOf(doc, risk.code);
        return (
          <TextField
            key={risk.code}
            select
            label={`${risk.label} risk`}
            value={action}
            disabled={readOnly}
            onChange={(e) => onChange(setRiskAction(doc, risk.code, e.target.value as RiskLevelAction))}
            slotProps={{ htmlInput: { 'data-testid': `${webPolicyIds.riskAction}-${risk.code}` } }}
          >
            {RISK_LEVEL_ACTIONS.map((code) => (
              <MenuItem key={code} value={code}>
                {vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, code)}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
      <FormControlLabel
        control={
          <Switch
            checked={doc.flash}
            disabled={readOnly}
            onChange={(e) => onChange({ ...doc, flash: e.target.checked })}
            slotProps={{ input: { 'data-testid': webPolicyIds.flash } as object }}
          />
        }
        label="Block Flash content"
      />
    </Box>
  );
}
