import { Stack } from '@mui/material';
import { CASB_EXCEPTION_ACTIONS } from '@workbench/common/api/contract/policy-kinds/casbKinds';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { AccordionFormDialog, AppPicker, validFields } from './AccordionFormDialog';
import { rulePanel, scopePanels } from './AppRulesSection';
import { ListSection } from './ListSection';
import {
  enforcementLabel,
  exceptionFrom,
  exceptionSchema,
  exceptionValues,
  scopeSummary,
  type CasbException,
  type ExceptionValues,
} from './casbForms';
import { useCloudApps } from './useCloudApps';

const ACTIONS = CASB_EXCEPTION_ACTIONS.map((code) => ({ code, label: enforcementLabel(code) }));

/**
 * Cloud app exceptions (docs/policy.md §3 exceptions.list): apps and people the app rules skip
 * (Allow: no app rule applies; Bypass: not inspected at all), in order, checked before the rules.
 */
export function CasbExceptionsSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'casb/exceptions'>) {
  const { apps } = useCloudApps();
  const appName = (id: string) => apps.find((a) => a.id === id)?.name ?? id;
  return (
    <ListSection<CasbException>
      label="Cloud app exceptions"
      intro="Checked before the app rules, in this order: the first enabled exception that matches decides. Allow skips the app rules; Bypass also skips inspection."
      addLabel="Add exception"
      addTestId={`${casbPolicyIds.add}-exceptions`}
      rows={doc.exceptions.list}
      onChange={(list) => onChange({ ...doc, exceptions: { list } })}
      readOnly={readOnly}
      ordered
      switchable
      emptyText="No exceptions yet."
      linkedKey={linkedKey}
      onOpenRule={onOpenRule}
      columns={[
        { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
        { name: 'action', header: 'Action', minWidth: 100, value: (r) => enforcementLabel(r.action) },
        {
          name: 'apps',
          header: 'Apps',
          flex: 3,
          minWidth: 160,
          value: (r) => r.apps.map(appName).join(', '),
        },
        { name: 'who', header: 'Who', flex: 1, minWidth: 110, value: (r) => scopeSummary(r.conditions) },
      ]}
      dialog={({ entry, newId, canWrite, onApply, onClose }) => (
        <AccordionFormDialog<ExceptionValues>
          title={entry ? `Exception: ${entry.name}` : 'New exception'}
          initialValues={exceptionValues(entry)}
          schema={exceptionSchema}
          isNew={entry === null}
          canWrite={canWrite}
          onClose={onClose}
          onApply={(v) => onApply(exceptionFrom(v, entry, entry?.id ?? newId))}
          panels={(form) => [
            rulePanel(form, ACTIONS),
            {
              id: 'apps',
              title: 'Apps',
              summary: form.values.apps.map(appName).join(', '),
              valid: validFields(form, ['apps']),
              content: (
                <Stack spacing={2}>
                  <AppPicker form={form} name="apps" label="Apps" apps={apps} />
                </Stack>
              ),
            },
            ...scopePanels(form),
          ]}
        />
      )}
    />
  );
}
