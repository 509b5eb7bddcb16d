import { Box, Stack, TextField, Typography } from '@mui/material';
import * as yup from 'yup';
import { DataTable, LoadFailed, Loading, usePolicyReference } from '@workbench/common';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { RISK_LEVELS } from '@workbench/common/api/contract/policy-kinds/enumerations';
import { inspectionIds } from '@workbench/common/test-ids/inspectionIds';
import { extensionsOf } from './inspectionRuleForm';
import { DraftForm, NumberField, SelectField, boundedInteger, draftFields } from './DraftForm';

type RaDoc = PolicyData<'runtime_analysis'>;
type Ra = RaDoc['runtimeAnalysis'];
type RiskLevel = Ra['risk_level'];

interface RaValues {
  risk_level: RiskLevel;
  custom_threshold: string;
  file_types: string;
  max_file_size_mb: string;
  timeout_seconds: string;
  timeout_action: Ra['timeout_action'];
}

/** The risk level enumeration (docs/glossary.md §3) in the order of sensitivity, with what each means. */
export const RISK_LEVEL_OPTIONS: ReadonlyArray<{ code: RiskLevel; label: string }> = [
  { code: 'disabled', label: 'Disabled: no runtime analysis' },
  { code: 'relaxed', label: 'Relaxed: only clearly malicious behaviour' },
  { code: 'moderate', label: 'Moderate: malicious and most suspicious behaviour' },
  { code: 'aggressive', label: 'Aggressive: any suspicious behaviour' },
  { code: 'custom', label: 'Custom: my own score threshold' },
];
// Every level of the enumeration has its option (a compile error names a new one).
RISK_LEVELS satisfies readonly RiskLevel[];

const bounded = (min: number, max: number) =>
  yup
    .string()
    .required('required')
    .test('bounds', function check(v) {
      const problem = boundedInteger(min, max)(v ?? '');
      return problem ? this.createError({ message: problem }) : true;
    });

const schema = yup.object({
  custom_threshold: yup.string().when('risk_level', { is: 'custom', then: () => bounded(1, 100) }),
  file_types: yup.string().test('fileTypes', function check(text) {
    const values = extensionsOf(text ?? '');
    if (values.length === 0) return this.createError({ message: 'noFileTypes' });
    if (values.some((e) => !/^[a-z0-9]{1,16}$/.test(e)))
      return this.createError({ message: 'invalidExtension' });
    if (new Set(values).size !== values.length) return this.createError({ message: 'duplicateExtension' });
    return true;
  }),
  max_file_size_mb: bounded(1, 256),
  timeout_seconds: bounded(30, 900),
});

const valuesOf = (ra: Ra): RaValues => ({
  risk_level: ra.risk_level,
  custom_threshold: ra.custom_threshold === undefined ? '' : String(ra.custom_threshold),
  file_types: ra.file_types.join(', '),
  max_file_size_mb: String(ra.max_file_size_mb),
  timeout_seconds: String(ra.timeout_seconds),
  timeout_action: ra.timeout_action,
});

/** custom_threshold is given with risk_level custom, and only then (the kind's check). */
const raOf = (v: RaValues): Ra => ({
  risk_level: v.risk_level,
  ...(v.risk_level === 'custom' ? { custom_threshold: Number(v.custom_threshold) } : {}),
  file_types: extensionsOf(v.file_types),
  max_file_size_mb: Number(v.max_file_size_mb),
  timeout_seconds: Number(v.timeout_seconds),
  timeout_action: v.timeout_action,
});

type Threat = { id: string; name: string; severity: string; description: string };

/** The threats runtime analysis reports (GET /ra_threats, reference data: read-only). */
function RaThreats() {
  const threats = usePolicyReference('ra_threats');
  return (
    <Box sx={{ mt: 4 }} data-testid={inspectionIds.raThreats}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        Threats runtime analysis detects
      </Typography>
      {threats.status === 'failed' ? (
        <LoadFailed
          message={threats.error?.message ?? 'The threats could not be read.'}
          onRetry={threats.reload}
        />
      ) : threats.data ? (
        <DataTable<Threat>
          label="Runtime-analysis threats"
          rows={threats.data.threats}
          rowKey={(t) => t.id}
          pageSize={0}
          emptyText="No threats are listed."
          columns={[
            { name: 'name', header: 'Threat', flex: 1, minWidth: 160, sortable: true },
            {
              name: 'severity',
              header: 'Severity',
              minWidth: 110,
              sortable: true,
              value: (t) => t.severity[0].toUpperCase() + t.severity.slice(1),
            },
            { name: 'description', header: 'What it means', flex: 3, minWidth: 240 },
          ]}
        />
      ) : (
        <Loading label="Loading the runtime-analysis threats" />
      )}
    </Box>
  );
}

/**
 * Runtime analysis (docs/policy.md §3 runtimeAnalysis, risk level enumeration): files run in a
 * sandbox before delivery; the risk level sets how sensitive the verdict is (custom: a score
 * threshold of 1–100), which files go there, and how long one waits.
 */
export function RuntimeAnalysisSection({
  doc,
  onChange,
  readOnly,
}: {
  doc: RaDoc;
  onChange: (doc: RaDoc) => void;
  readOnly: boolean;
}) {
  return (
    <>
      <DraftForm<RaValues>
        values={valuesOf(doc.runtimeAnalysis)}
        schema={schema}
        onValues={(v) => onChange({ runtimeAnalysis: raOf(v) })}
      >
        {(form) => {
          return (
            <Stack spacing={2.5} sx={{ maxWidth: 720 }}>
              <SelectField
                form={form}
                name="risk_level"
                label="Risk level"
                options={RISK_LEVEL_OPTIONS}
                readOnly={readOnly}
              />
              {form.values.risk_level === 'custom' && (
                <NumberField
                  form={form}
                  name="custom_threshold"
                  label="Malicious at a score of at least"
                  unit="1–100"
                  readOnly={readOnly}
                />
              )}
              <TextField
                {...draftFields(form, readOnly).field(
                  'file_types',
                  'File extensions analysed (e.g. exe, dll, docx)',
                  'Separated by commas or spaces.',
                )}
              />
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                <NumberField
                  form={form}
                  name="max_file_size_mb"
                  label="Largest file analysed (MB)"
                  unit="1–256 MB"
                  readOnly={readOnly}
                />
                <NumberField
                  form={form}
                  name="timeout_seconds"
                  label="Wait for a verdict (seconds)"
                  unit="30–900 seconds"
                  readOnly={readOnly}
                />
              </Box>
              <SelectField
                form={form}
                name="timeout_action"
                label="When no verdict came in time"
                options={[
                  { code: 'allow', label: 'Allow' },
                  { code: 'block', label: 'Block' },
                ]}
                readOnly={readOnly}
              />
            </Stack>
          );
        }}
      </DraftForm>
      <RaThreats />
    </>
  );
}
