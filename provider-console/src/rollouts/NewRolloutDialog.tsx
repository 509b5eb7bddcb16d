/**
 * The New rollout stepper (issue 14 staged rollouts): 1 the change (a capability on, off or
 * removed; SKUs added or removed; a policy template), 2 the tenants (by tag, deployment, SKU or by
 * hand; the matching tenants listed), 3 the preview (the server's dry run: every tenant's
 * difference and what would stop it), 4 the waves (size and pause), then Start (create and start)
 * or Save as draft. One Formik form across the steps, each step validated by its own yup schema
 * before the next; a server refusal shows at the step of the field it names.
 */
import { useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import { SearchField } from '@workbench/common/components/search-field/index';
import {
  CHANGE_KINDS,
  CHANGE_KIND_LABELS,
  PAUSE_SECONDS_MAX,
  WAVE_SIZE_MAX,
  type ChangeKind,
} from '@workbench/common/api/contract/providerRolloutPaths';
import {
  type Rollout,
  type RolloutChange,
  type RolloutDeployments,
  type RolloutPreviewTenant,
  type RolloutTarget,
  type RolloutTenantChoice,
} from '@workbench/common/api/contract/providerRollouts';
import { rolloutCapabilityRowIds, rolloutIds } from '@workbench/common/test-ids/rolloutIds';
import { capabilityStateIds } from '@workbench/common/test-ids/capabilityStateIds';
import { isKnownCapability, schemaStateOf } from '@workbench/common/api/contract/providerCapabilityStates';
import { settingWarning } from '../capabilities/SchemaStateChip';
import { CapabilityPicker } from '../capabilities/CapabilityPicker';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import { DiffLines } from './RolloutDetail';
import { usePolicyTemplates } from './usePolicyTemplates';
import { describeChange, describePlan, tenantsOfTarget } from './rolloutText';

export const STEPS = ['Change', 'Tenants', 'Preview', 'Waves'] as const;
const TARGET_BY = ['tags', 'deployments', 'skus', 'tids'] as const;
type TargetBy = (typeof TARGET_BY)[number];
const TARGET_LABELS: Record<TargetBy, string> = {
  tags: 'Tag',
  deployments: 'Deployment',
  skus: 'SKU',
  tids: 'By hand',
};
/** The API takes up to 50 set and 50 removed; a rollout the operator can still read takes fewer. */
const MAX_CAPABILITY_ROWS = 20;
/** Row 0 keeps the step's first ids (browser tests use them); row i > 0 adds `-${i}`. */
const rowId = (id: string, i: number): string => (i === 0 ? id : `${id}-${i}`);
const CAPABILITY_ACTIONS = { on: 'Turn on', off: 'Turn off', remove: 'Remove' } as const;
type CapabilityAction = keyof typeof CAPABILITY_ACTIONS;

export interface CapabilityRow {
  name: string;
  action: CapabilityAction;
}

export interface RolloutFormValues {
  name: string;
  kind: ChangeKind;
  /** One row per capability changed (issue 14: several in one rollout). */
  capabilities: CapabilityRow[];
  skuAdd: string[];
  skuRemove: string[];
  template: string;
  targetBy: TargetBy;
  tags: string[];
  deployments: string[];
  skuTargets: string[];
  tids: string[];
  wave_size: number;
  pause_seconds: number;
}

export const ROLLOUT_FORM_TEXTS: Record<string, string> = {
  required: 'Required.',
  capability: 'Pick one of the capabilities the service knows.',
  capabilityTwice: 'Each capability once.',
  obsolete: 'Obsolete: it can no longer be set.',
  sku: 'Choose a SKU to add or to remove.',
  target: 'Choose at least one.',
  waveSize: `A whole number from 1 to ${WAVE_SIZE_MAX}.`,
  pause: `A whole number of seconds from 0 to ${PAUSE_SECONDS_MAX}.`,
};
const text = (key: string | undefined) => (key ? (ROLLOUT_FORM_TEXTS[key] ?? key) : undefined);

/** Each step's checks (the server checks again and names the field it refuses). */
export const STEP_SCHEMAS = [
  yup.object({
    name: yup.string().trim().required('required').max(100),
    capabilities: yup.array().when('kind', {
      is: 'capabilities',
      then: (s) =>
        s
          .of(
            yup.object({
              name: yup
                .string()
                .trim()
                .required('required')
                .test('capability', 'capability', (n) => isKnownCapability(n?.trim() ?? ''))
                .test('obsolete', 'obsolete', (n, c) => {
                  // Schema state obsolete: only its removal is still a change (providerCapabilityStates.ts).
                  const row = c.parent as CapabilityRow;
                  return row.action === 'remove' || schemaStateOf(n?.trim() ?? '') !== 'obsolete';
                }),
              action: yup.string().required('required'),
            }),
          )
          .min(1, 'required')
          .max(MAX_CAPABILITY_ROWS)
          .test('unique', 'capabilityTwice', (rows) => {
            const names = (rows ?? []).map((r) => String((r as CapabilityRow).name).trim());
            return new Set(names).size === names.length;
          }),
    }),
    skuAdd: yup.array().when(['kind', 'skuRemove'], {
      is: (kind: string, remove: string[]) => kind === 'skus' && remove.length === 0,
      then: (s) => s.min(1, 'sku'),
    }),
    template: yup.string().when('kind', { is: 'policy_template', then: (s) => s.required('required') }),
  }),
  yup.object({
    tags: yup.array().when('targetBy', { is: 'tags', then: (s) => s.min(1, 'target') }),
    deployments: yup.array().when('targetBy', { is: 'deployments', then: (s) => s.min(1, 'target') }),
    skuTargets: yup.array().when('targetBy', { is: 'skus', then: (s) => s.min(1, 'target') }),
    tids: yup.array().when('targetBy', { is: 'tids', then: (s) => s.min(1, 'target') }),
  }),
  yup.object({}),
  yup.object({
    wave_size: yup
      .number()
      .typeError('waveSize')
      .integer('waveSize')
      .min(1, 'waveSize')
      .max(WAVE_SIZE_MAX, 'waveSize'),
    pause_seconds: yup
      .number()
      .typeError('pause')
      .integer('pause')
      .min(0, 'pause')
      .max(PAUSE_SECONDS_MAX, 'pause'),
  }),
];

export function changeOf(v: RolloutFormValues): RolloutChange {
  switch (v.kind) {
    case 'capabilities':
      return {
        kind: 'capabilities',
        set: Object.fromEntries(
          v.capabilities.filter((c) => c.action !== 'remove').map((c) => [c.name.trim(), c.action === 'on']),
        ),
        remove: v.capabilities.filter((c) => c.action === 'remove').map((c) => c.name.trim()),
      };
    case 'skus':
      return { kind: 'skus', add: v.skuAdd, remove: v.skuRemove };
    case 'policy_template':
      return { kind: 'policy_template', template: v.template };
  }
}
export const targetOf = (v: RolloutFormValues): RolloutTarget => ({
  tags: v.targetBy === 'tags' ? v.tags : [],
  deployments: v.targetBy === 'deployments' ? v.deployments : [],
  sku_ids: v.targetBy === 'skus' ? v.skuTargets : [],
  tids: v.targetBy === 'tids' ? v.tids : [],
});
/** The step of a field the server names (change.* → 1, target.* → 2, waves → 4). */
const stepOfField = (field: string | undefined): number =>
  !field ? -1 : field.startsWith('target') ? 1 : field === 'wave_size' || field === 'pause_seconds' ? 3 : 0;

const INITIAL: RolloutFormValues = {
  name: '',
  kind: 'capabilities',
  capabilities: [{ name: '', action: 'on' }],
  skuAdd: [],
  skuRemove: [],
  template: '',
  targetBy: 'tags',
  tags: [],
  deployments: [],
  skuTargets: [],
  tids: [],
  wave_size: 2,
  pause_seconds: 30,
};

interface Choices {
  tenants: RolloutTenantChoice[];
  deployments: RolloutDeployments['deployments'];
  skus: { sku_id: string; name: string }[];
}

function MultiSelect({
  label,
  value,
  options,
  onChange,
  testId,
  error,
}: {
  label: string;
  value: string[];
  options: { value: string; label: string }[];
  onChange(v: string[]): void;
  testId: string;
  error?: string;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as unknown as string[])}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{
        select: {
          multiple: true,
          renderValue: (v) => (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(v as string[]).map((x) => (
                <Chip key={x} size="small" label={x} />
              ))}
            </Stack>
          ),
        },
        htmlInput: { 'data-testid': testId },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function NewRolloutDialog({ onCancel, onDone }: { onCancel(): void; onDone(r: Rollout): void }) {
  const [step, setStepOnly] = useState(0);
  const [preview, setPreview] = useState<RolloutPreviewTenant[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  /** The submit count when the step was entered: its errors show from its own first Next. */
  const [enteredAt, setEnteredAt] = useState(0);

  const tenantChoices = useEntityRead('getRolloutTenants', []);
  const deploymentChoices = useEntityRead('getRolloutDeployments', []);
  const skuChoices = useEntityRead('listSkus', [{ limit: 500, offset: 0, sort: 'sku_id', order: 'asc' }]);
  const tenantList = tenantChoices.data;
  const deploymentList = deploymentChoices.data;
  const skuList = skuChoices.data;
  const choices = useMemo<Choices | null>(
    () =>
      tenantList && deploymentList && skuList
        ? { tenants: tenantList.tenants, deployments: deploymentList.deployments, skus: skuList.rows }
        : null,
    [tenantList, deploymentList, skuList],
  );
  const policyTemplates = usePolicyTemplates();
  const templateTitle = policyTemplates.titleOf;
  const loadError =
    (tenantChoices.error ?? deploymentChoices.error ?? skuChoices.error)?.message ?? policyTemplates.error;
  const createRollout = useEntityCall('createRollout');
  const rolloutAction = useEntityCall('rolloutAction');
  const previewRollout = useEntityCall('previewRollout');

  // Defined before the form: the steps' moves record the submit count they start from.
  const submits = useRef(0);
  const setStep = (n: number) => {
    setEnteredAt(submits.current);
    setStepOnly(n);
  };

  const finish = async (values: RolloutFormValues, start: boolean) => {
    setBusy(true);
    setServerError(null);
    try {
      const created = await createRollout({
        name: values.name.trim(),
        change: changeOf(values),
        target: targetOf(values),
        wave_size: Number(values.wave_size),
        pause_seconds: Number(values.pause_seconds),
      });
      onDone(start ? await rolloutAction(created.id, 'start') : created);
    } catch (e) {
      const info = toErrorInfo(e, 'createRollout');
      setServerError(info.message);
      const at = stepOfField(info.field);
      if (at >= 0) setStep(at);
    } finally {
      setBusy(false);
    }
  };

  const form = useFormik<RolloutFormValues>({
    initialValues: INITIAL,
    validationSchema: STEP_SCHEMAS[step],
    onSubmit: async (values) => {
      if (step === 1) {
        // The preview: the server's dry run of the change on every chosen tenant.
        setBusy(true);
        setServerError(null);
        try {
          const p = await previewRollout(
            { change: changeOf(values), target: targetOf(values) },
            Number(values.wave_size),
          );
          setPreview(p.tenants);
          setStep(2);
        } catch (e) {
          const info = toErrorInfo(e, 'previewRollout');
          setServerError(info.message);
          setStep(Math.max(0, stepOfField(info.field)));
        } finally {
          setBusy(false);
        }
        return;
      }
      if (step < STEPS.length - 1) {
        setStep(step + 1);
        return;
      }
      await finish(values, true);
    },
  });
  submits.current = form.submitCount;
  const v = form.values;
  const err = (name: keyof RolloutFormValues) =>
    form.submitCount > enteredAt ? text(form.errors[name] as string | undefined) : undefined;
  // The capability rows' errors: one per row (its name), or one of the list (a name twice).
  const capErrors: unknown = form.submitCount > enteredAt ? form.errors.capabilities : undefined;
  const field = (name: keyof RolloutFormValues, label: string, testId: string) => ({
    id: `rollout-form-${name}`,
    name,
    label,
    value: v[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(err(name)),
    helperText: err(name),
    fullWidth: true,
    slotProps: { htmlInput: { 'data-testid': testId } },
  });

  const matching = useMemo(
    () => (choices ? tenantsOfTarget(choices.tenants, targetOf(v)) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target's fields only
    [choices, v.targetBy, v.tags, v.deployments, v.skuTargets, v.tids],
  );
  const tagOptions = useMemo(
    () =>
      [...new Set(choices?.tenants.flatMap((t) => t.tags) ?? [])].sort().map((t) => ({ value: t, label: t })),
    [choices],
  );
  const skuOptions = (choices?.skus ?? []).map((s) => ({
    value: s.sku_id,
    label: `${s.sku_id} · ${s.name}`,
  }));
  const problems = preview?.filter((p) => p.problem).length ?? 0;
  const shownTenants = (choices?.tenants ?? []).filter(
    (t) => !filter || t.name.toLowerCase().includes(filter.toLowerCase()),
  );
  const toggleTenant = (tid: string) =>
    void form.setFieldValue(
      'tids',
      v.tids.includes(tid) ? v.tids.filter((x) => x !== tid) : [...v.tids, tid],
    );

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="md"
      data-testid={rolloutIds.dialog}
    >
      <form onSubmit={form.handleSubmit} noValidate>
        <DialogTitle>New rollout</DialogTitle>
        <DialogContent>
          <Stepper activeStep={step} sx={{ mb: 3, mt: 1 }} alternativeLabel>
            {STEPS.map((s) => (
              <Step key={s}>
                <StepLabel>{s}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {busy && <LinearProgress aria-label="Working" sx={{ mb: 1 }} />}
          {loadError && <Alert severity="error">{loadError}</Alert>}
          {serverError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid={rolloutIds.stepError}>
              {serverError}
            </Alert>
          )}

          {step === 0 && (
            <Stack spacing={2}>
              <TextField {...field('name', 'Rollout name', rolloutIds.name)} required autoFocus />
              <TextField {...field('kind', 'Change', rolloutIds.changeKind)} select>
                {CHANGE_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {CHANGE_KIND_LABELS[k]}
                  </MenuItem>
                ))}
              </TextField>
              {v.kind === 'capabilities' && (
                <Stack spacing={1.5}>
                  {v.capabilities.map((row, i) => {
                    const nameError = Array.isArray(capErrors)
                      ? text((capErrors[i] as { name?: string } | undefined)?.name)
                      : undefined;
                    const warning =
                      row.action === 'remove' ? null : settingWarning(row.name.trim(), row.action === 'on');
                    const n = i === 0 ? '' : ` ${i + 1}`;
                    return (
                      <Stack key={i} spacing={0.5}>
                        <Stack
                          direction={{ xs: 'column', sm: 'row' }}
                          spacing={2}
                          sx={{ alignItems: 'flex-start' }}
                        >
                          <CapabilityPicker
                            id={`rollout-form-capabilities-${i}-name`}
                            name={`capabilities.${i}.name`}
                            label={`Capability${n}`}
                            value={row.name}
                            onChange={(c) => void form.setFieldValue(`capabilities.${i}.name`, c)}
                            onBlur={() => void form.setFieldTouched(`capabilities.${i}.name`, true, false)}
                            error={nameError}
                            exclude={v.capabilities.map((c) => c.name)}
                            inputTestId={rowId(rolloutIds.capabilityName, i)}
                            required
                            fullWidth
                          />
                          <TextField
                            id={`rollout-form-capabilities-${i}-action`}
                            name={`capabilities.${i}.action`}
                            label={`Set it${n}`}
                            value={row.action}
                            onChange={form.handleChange}
                            select
                            sx={{ minWidth: 160 }}
                            slotProps={{ htmlInput: { 'data-testid': rowId(rolloutIds.capabilityValue, i) } }}
                          >
                            {Object.entries(CAPABILITY_ACTIONS).map(([k, label]) => (
                              <MenuItem key={k} value={k}>
                                {label}
                              </MenuItem>
                            ))}
                          </TextField>
                          {v.capabilities.length > 1 && (
                            <Button
                              aria-label={`Remove row ${i + 1}`}
                              data-testid={`${rolloutCapabilityRowIds.removeRow}-${i}`}
                              onClick={() =>
                                void form.setFieldValue(
                                  'capabilities',
                                  v.capabilities.filter((_, j) => j !== i),
                                )
                              }
                              sx={{ mt: 1 }}
                            >
                              Remove
                            </Button>
                          )}
                        </Stack>
                        {warning && (
                          <Alert
                            severity={warning.severity}
                            data-testid={rowId(capabilityStateIds.warning, i)}
                          >
                            {warning.text}
                          </Alert>
                        )}
                      </Stack>
                    );
                  })}
                  {typeof capErrors === 'string' && (
                    <Typography color="error" variant="body2">
                      {text(capErrors)}
                    </Typography>
                  )}
                  <Box>
                    <Button
                      data-testid={rolloutCapabilityRowIds.addRow}
                      disabled={v.capabilities.length >= MAX_CAPABILITY_ROWS}
                      onClick={() =>
                        void form.setFieldValue('capabilities', [
                          ...v.capabilities,
                          { name: '', action: 'on' },
                        ])
                      }
                    >
                      Add a capability
                    </Button>
                  </Box>
                </Stack>
              )}
              {v.kind === 'skus' && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <MultiSelect
                    label="Add SKUs"
                    value={v.skuAdd}
                    options={skuOptions}
                    onChange={(x) => void form.setFieldValue('skuAdd', x)}
                    testId={rolloutIds.skuAdd}
                    error={err('skuAdd')}
                  />
                  <MultiSelect
                    label="Remove SKUs"
                    value={v.skuRemove}
                    options={skuOptions}
                    onChange={(x) => void form.setFieldValue('skuRemove', x)}
                    testId={rolloutIds.skuRemove}
                  />
                </Stack>
              )}
              {v.kind === 'policy_template' && (
                <TextField
                  {...field('template', 'Policy template', rolloutIds.template)}
                  select
                  helperText={
                    policyTemplates.templates?.length === 0
                      ? 'No policy templates yet: add one under Policy templates.'
                      : (policyTemplates.templates?.find((t) => t.template_id === v.template)?.description ??
                        'Published as each tenant’s next policy revision.')
                  }
                >
                  {(policyTemplates.templates ?? []).map((t) => (
                    <MenuItem key={t.template_id} value={t.template_id}>
                      {t.title}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
          )}

          {step === 1 && (
            <Stack spacing={2}>
              <Box>
                <FormLabel id="rollout-target-by">Choose tenants by</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="rollout-target-by"
                  name="targetBy"
                  value={v.targetBy}
                  onChange={form.handleChange}
                >
                  {TARGET_BY.map((b) => (
                    <FormControlLabel
                      key={b}
                      value={b}
                      control={
                        <Radio
                          slotProps={{ input: { 'data-testid': `${rolloutIds.targetBy}-${b}` } as object }}
                        />
                      }
                      label={TARGET_LABELS[b]}
                    />
                  ))}
                </RadioGroup>
              </Box>
              {v.targetBy === 'tags' && (
                <MultiSelect
                  label="Tags"
                  value={v.tags}
                  options={tagOptions}
                  onChange={(x) => void form.setFieldValue('tags', x)}
                  testId={rolloutIds.targetTags}
                  error={err('tags')}
                />
              )}
              {v.targetBy === 'deployments' && (
                <MultiSelect
                  label="Deployments"
                  value={v.deployments}
                  options={(choices?.deployments ?? []).map((d) => ({
                    value: d.deployment_id,
                    label: `${d.deployment_id} (${d.tenants} ${d.tenants === 1 ? 'tenant' : 'tenants'})`,
                  }))}
                  onChange={(x) => void form.setFieldValue('deployments', x)}
                  testId={rolloutIds.targetDeployments}
                  error={err('deployments')}
                />
              )}
              {v.targetBy === 'skus' && (
                <MultiSelect
                  label="Tenants holding SKUs"
                  value={v.skuTargets}
                  options={skuOptions}
                  onChange={(x) => void form.setFieldValue('skuTargets', x)}
                  testId={rolloutIds.targetSkus}
                  error={err('skuTargets')}
                />
              )}
              {v.targetBy === 'tids' && (
                <Box>
                  <SearchField
                    size="small"
                    label="Filter tenants"
                    value={filter}
                    onChange={setFilter}
                    sx={{ mb: 1 }}
                    testId={rolloutIds.targetFilter}
                  />
                  {err('tids') && (
                    <Typography color="error" variant="body2">
                      {err('tids')}
                    </Typography>
                  )}
                  <Box
                    sx={{
                      maxHeight: 260,
                      overflow: 'auto',
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                    }}
                  >
                    {shownTenants.map((t) => (
                      <FormControlLabel
                        key={t.tid}
                        sx={{ display: 'flex', mx: 0.5 }}
                        control={
                          <Checkbox
                            checked={v.tids.includes(t.tid)}
                            onChange={() => toggleTenant(t.tid)}
                            slotProps={{
                              input: { 'data-testid': `${rolloutIds.targetTenant}-${t.tid}` } as object,
                            }}
                          />
                        }
                        label={`${t.name} · ${t.deployment}${t.status === 'disabled' ? ' · disabled' : ''}`}
                      />
                    ))}
                  </Box>
                </Box>
              )}
              <Typography data-testid={rolloutIds.targetCount} aria-live="polite">
                {matching.length} {matching.length === 1 ? 'tenant matches' : 'tenants match'}
                {matching.length > 0
                  ? `: ${matching
                      .slice(0, 12)
                      .map((t) => t.name)
                      .join(', ')}`
                  : '.'}
                {matching.length > 12 ? ` and ${matching.length - 12} more` : ''}
              </Typography>
            </Stack>
          )}

          {step === 2 && preview && (
            <Box>
              <Typography sx={{ mb: 1 }} data-testid={rolloutCapabilityRowIds.previewChange}>
                {describeChange(changeOf(v), templateTitle)}
              </Typography>
              {v.kind === 'capabilities' &&
                v.capabilities.map((c, i) => {
                  // Schema state deprecated: set, it still works; the console warns (README).
                  const warning =
                    c.action === 'remove' ? null : settingWarning(c.name.trim(), c.action === 'on');
                  return (
                    warning && (
                      <Alert
                        key={c.name}
                        severity={warning.severity}
                        sx={{ mb: 1 }}
                        data-testid={`${capabilityStateIds.warning}-preview-${i}`}
                      >
                        {warning.text}
                      </Alert>
                    )
                  );
                })}
              <Typography sx={{ mb: 1 }}>
                What the change makes different on each of the {preview.length}{' '}
                {preview.length === 1 ? 'tenant' : 'tenants'} (nothing is changed yet).
              </Typography>
              {problems > 0 && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {problems} {problems === 1 ? 'tenant' : 'tenants'} would fail as they are now: the rollout
                  stops at the first.
                </Alert>
              )}
              <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
                <Table
                  size="small"
                  data-testid={rolloutIds.previewTable}
                  aria-label="Preview of every tenant"
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>Tenant</TableCell>
                      <TableCell>Difference</TableCell>
                      <TableCell>Would fail</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.map((p) => (
                      <TableRow key={p.tid} data-testid={`${rolloutIds.previewRow}-${p.tid}`}>
                        <TableCell>{p.name}</TableCell>
                        <TableCell>
                          <DiffLines changes={p.changes} />
                        </TableCell>
                        <TableCell>{p.problem ?? ''}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Box>
          )}

          {step === 3 && (
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  {...field('wave_size', 'Tenants per wave', rolloutIds.waveSize)}
                  type="number"
                  required
                />
                <TextField
                  {...field('pause_seconds', 'Pause between waves (seconds)', rolloutIds.pauseSeconds)}
                  type="number"
                  required
                />
              </Stack>
              {preview && Number(v.wave_size) >= 1 && (
                <Typography>
                  {describePlan(preview.length, Number(v.wave_size), Number(v.pause_seconds))}. The first
                  failure stops the rollout; you can resume it or roll back the applied part.
                </Typography>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {step > 0 && (
            <Button onClick={() => setStep(step - 1)} disabled={busy} data-testid={rolloutIds.back}>
              Back
            </Button>
          )}
          {step === STEPS.length - 1 && (
            <Button
              disabled={busy}
              data-testid={rolloutIds.saveDraft}
              onClick={() =>
                void form.validateForm().then((errors) => {
                  if (Object.keys(errors).length === 0) void finish(v, false);
                  else void form.submitForm();
                })
              }
            >
              Save as draft
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={busy || !choices}
            data-testid={step === STEPS.length - 1 ? rolloutIds.start : rolloutIds.next}
          >
            {step === STEPS.length - 1 ? 'Start rollout' : step === 1 ? 'Preview' : 'Next'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
