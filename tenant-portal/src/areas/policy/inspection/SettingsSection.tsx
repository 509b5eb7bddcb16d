import { Box, Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack } from '@mui/material';
import * as yup from 'yup';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { INSPECTION_TYPES } from '@workbench/common/vocabularies/index';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import { DIRECTION_OPTIONS, inspectionMessage, type Direction } from './inspectionRuleForm';
import { DraftForm, NumberField, SelectField, boundedInteger, draftFields } from './DraftForm';

type InspectionDoc = PolicyData<'inspection'>;
type Settings = InspectionDoc['contentInspection'];
type AllowBlock = Settings['oversize_action'];

interface SettingsValues {
  enabled: boolean;
  direction: Direction;
  inspection_types: string[];
  max_file_size_mb: string;
  oversize_action: AllowBlock;
  timeout_seconds: string;
  timeout_action: AllowBlock;
  encrypted_action: AllowBlock;
}

/** Bounds of the inspection kind's schema (inspectionKinds.ts). */
export const MAX_FILE_SIZE_MB = { min: 1, max: 1024 };
export const TIMEOUT_SECONDS = { min: 5, max: 600 };

const numberRule = (b: { min: number; max: number }) =>
  yup
    .string()
    .required('required')
    .test('bounds', function check(v) {
      const problem = boundedInteger(b.min, b.max)(v ?? '');
      return problem ? this.createError({ message: problem }) : true;
    });

const schema = yup.object({
  inspection_types: yup.array(yup.string()).min(1, 'noInspectionTypes'),
  max_file_size_mb: numberRule(MAX_FILE_SIZE_MB),
  timeout_seconds: numberRule(TIMEOUT_SECONDS),
});

const ALLOW_BLOCK: ReadonlyArray<{ code: AllowBlock; label: string }> = [
  { code: 'allow', label: 'Allow' },
  { code: 'block', label: 'Block' },
];

const valuesOf = (s: Settings): SettingsValues => ({
  ...s,
  inspection_types: [...s.inspection_types],
  max_file_size_mb: String(s.max_file_size_mb),
  timeout_seconds: String(s.timeout_seconds),
});

const settingsOf = (v: SettingsValues): Settings => ({
  enabled: v.enabled,
  direction: v.direction,
  // In the vocabulary's order, whatever order they were ticked in.
  inspection_types: INSPECTION_TYPES.map((t) => t.code).filter((c) => v.inspection_types.includes(c)),
  max_file_size_mb: Number(v.max_file_size_mb),
  oversize_action: v.oversize_action,
  timeout_seconds: Number(v.timeout_seconds),
  timeout_action: v.timeout_action,
  encrypted_action: v.encrypted_action,
});

/**
 * Inspection settings (docs/policy.md §3 contentInspection; docs/glossary.md §2 inspection type: file,
 * hash, document): whether files are inspected, which transfers, how, and what happens to files too
 * large, too slow to scan, or encrypted.
 */
export function SettingsSection({
  doc,
  onChange,
  readOnly,
}: {
  doc: InspectionDoc;
  onChange: (doc: InspectionDoc) => void;
  readOnly: boolean;
}) {
  return (
    <DraftForm<SettingsValues>
      values={valuesOf(doc.contentInspection)}
      schema={schema}
      onValues={(v) => onChange({ contentInspection: settingsOf(v) })}
    >
      {(form) => {
        const typesError =
          typeof form.errors.inspection_types === 'string'
            ? inspectionMessage(form.errors.inspection_types)
            : undefined;
        const off = !form.values.enabled;
        return (
          <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
            {draftFields(form, readOnly).switchField('enabled', 'Inspect files')}
            {off && (
              <FormHelperText sx={{ mt: -1.5 }}>
                Inspection is off: no file is scanned, and the settings below wait until it is turned on.
              </FormHelperText>
            )}
            <SelectField
              form={form}
              name="direction"
              label="Transfers inspected"
              options={DIRECTION_OPTIONS}
              readOnly={readOnly}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">Inspect by</FormLabel>
              <FormGroup row>
                {INSPECTION_TYPES.map((t) => (
                  <FormControlLabel
                    key={t.code}
                    label={t.label}
                    control={
                      <Checkbox
                        checked={form.values.inspection_types.includes(t.code)}
                        disabled={readOnly}
                        onChange={(e) =>
                          void form.setFieldValue(
                            'inspection_types',
                            e.target.checked
                              ? [...form.values.inspection_types, t.code]
                              : form.values.inspection_types.filter((c) => c !== t.code),
                          )
                        }
                        slotProps={{
                          input: { 'data-testid': `${inspectionIds.setting}-type-${t.code}` } as object,
                        }}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {typesError && <FormHelperText error>{typesError}</FormHelperText>}
            </Box>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <NumberField
                form={form}
                name="max_file_size_mb"
                label="Largest file inspected (MB)"
                unit={`${MAX_FILE_SIZE_MB.min}–${MAX_FILE_SIZE_MB.max} MB`}
                readOnly={readOnly}
              />
              <SelectField
                form={form}
                name="oversize_action"
                label="Larger files"
                options={ALLOW_BLOCK}
                readOnly={readOnly}
              />
            </Box>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <NumberField
                form={form}
                name="timeout_seconds"
                label="Wait for a verdict (seconds)"
                unit={`${TIMEOUT_SECONDS.min}–${TIMEOUT_SECONDS.max} seconds`}
                readOnly={readOnly}
              />
              <SelectField
                form={form}
                name="timeout_action"
                label="When no verdict came in time"
                options={ALLOW_BLOCK}
                readOnly={readOnly}
              />
            </Box>
            <SelectField
              form={form}
              name="encrypted_action"
              label="Encrypted files (cannot be opened to inspect)"
              options={ALLOW_BLOCK}
              readOnly={readOnly}
            />
          </Stack>
        );
      }}
    </DraftForm>
  );
}
