/**
 * The dialogs of Groups & Templates: a new group (a name and its members), a new template (a name
 * and the appliance whose settings it copies now), applying a template to a group (a job followed
 * per appliance), and a group's drift from its template (per member: in sync, the fields that
 * differ, or why it cannot say). A server refusal stays in the dialog with what was typed.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Group, ManagedSystem } from '@workbench/common/api/contract/centralManager';
import type { TemplateSummary } from '@workbench/common/api/centralManager';
import { FormDialogActions } from '@workbench/common/components/confirm-delete/index';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { StatusChip, type StatusColour } from '@workbench/common/components/status-chip/index';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityCall, useEntityRead } from './centralManagerRequests';
import { useDialogWrite } from '../settings/pageActions';
import { CmJobProgress } from './CmJobProgress';

export const GROUP_TEXTS = {
  nameRequired: 'The name is required.',
  nameTooLong: 'The name is at most 100 characters.',
  systemRequired: 'Choose the appliance whose settings the template copies.',
  templateRequired: 'Choose a template.',
  noSystems: 'No appliances are managed yet: add one under Managed Systems first.',
} as const;

/** A group's or template's name as the server takes it: 1 to 100 characters. */
export const nameError = (name: string): string | null =>
  !name.trim() ? GROUP_TEXTS.nameRequired : name.trim().length > 100 ? GROUP_TEXTS.nameTooLong : null;

function NameField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <TextField
      label="Name"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      autoFocus
      slotProps={{ htmlInput: { 'data-testid': `${ids.field}-name` } }}
    />
  );
}

/** A create dialog of this page: its fields, the server's refusal under them, Cancel and Create. */
function CreateDialog({
  testId,
  title,
  busy,
  refusal,
  onCancel,
  onSubmit,
  children,
}: {
  testId: string;
  title: string;
  busy: boolean;
  refusal: string | null;
  onCancel: () => void;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {refusal && (
              <Alert severity="error" data-testid={ids.dialogError}>
                {refusal}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <FormDialogActions
          busy={busy}
          onCancel={onCancel}
          submitLabel="Create"
          testIds={{ cancel: ids.dialogCancel, submit: ids.dialogSubmit }}
        />
      </form>
    </Dialog>
  );
}

export function GroupDialog({
  systems,
  onCancel,
  onSaved,
}: {
  systems: readonly ManagedSystem[];
  onCancel: () => void;
  onSaved: (group: Group) => void;
}) {
  const createGroup = useEntityCall('createGroup');
  const write = useDialogWrite(() => undefined);
  const [name, setName] = useState('');
  const [members, setMembers] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = nameError(name);
    setError(found);
    if (found) return;
    // A member added here follows the group's template (auto_group).
    void write.run(
      () =>
        createGroup({
          name: name.trim(),
          nodes: systems.filter((s) => members.has(s.id)).map((s) => ({ id: s.id, auto_group: true })),
        }),
      onSaved,
    );
  };
  return (
    <CreateDialog
      testId={ids.groupDialog}
      title="New group"
      busy={write.busy}
      refusal={write.refusal?.message ?? null}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <NameField value={name} onChange={setName} error={error} />
      <FormGroup>
        <FormLabel>Members</FormLabel>
        {systems.length === 0 && <Typography>{GROUP_TEXTS.noSystems}</Typography>}
        {systems.map((s) => (
          <FormControlLabel
            key={s.id}
            label={`${s.name} (${s.host}:${s.port})`}
            control={
              <Checkbox
                checked={members.has(s.id)}
                onChange={(e) => {
                  const next = new Set(members);
                  if (e.target.checked) next.add(s.id);
                  else next.delete(s.id);
                  setMembers(next);
                }}
                slotProps={{ input: { 'data-testid': `${ids.groupMember}-${s.id}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
    </CreateDialog>
  );
}

export function TemplateDialog({
  systems,
  onCancel,
  onSaved,
}: {
  systems: readonly ManagedSystem[];
  onCancel: () => void;
  onSaved: (template: { name: string }) => void;
}) {
  const createTemplate = useEntityCall('createTemplate');
  const write = useDialogWrite(() => undefined);
  const [name, setName] = useState('');
  const [from, setFrom] = useState('');
  const [errors, setErrors] = useState<{ name: string | null; from: string | null }>({
    name: null,
    from: null,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { name: nameError(name), from: from ? null : GROUP_TEXTS.systemRequired };
    setErrors(found);
    if (found.name || found.from) return;
    void write.run(() => createTemplate(name.trim(), from), onSaved);
  };
  return (
    <CreateDialog
      testId={ids.templateDialog}
      title="New template"
      busy={write.busy}
      refusal={write.refusal?.message ?? null}
      onCancel={onCancel}
      onSubmit={submit}
    >
      <Typography color="text.secondary">
        The template copies the appliance’s settings as they are now, all but its own network address and
        routes.
      </Typography>
      <NameField value={name} onChange={setName} error={errors.name} />
      <TextField
        select
        label="From the appliance"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        error={Boolean(errors.from)}
        helperText={errors.from ?? (systems.length === 0 ? GROUP_TEXTS.noSystems : undefined)}
        slotProps={{ htmlInput: { 'data-testid': `${ids.field}-from_system` } }}
      >
        {systems.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
    </CreateDialog>
  );
}

/** Picks the template (the group's own first), applies it, and follows the job per appliance. */
export function ApplyDialog({
  group,
  templates,
  onClose,
  onEnded,
}: {
  group: Group;
  templates: readonly TemplateSummary[];
  onClose: () => void;
  onEnded: () => void;
}) {
  const applyTemplate = useEntityCall('applyTemplate');
  const write = useDialogWrite(() => undefined);
  const [templateId, setTemplateId] = useState(group.template_id ?? '');
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const template = templates.find((t) => t.id === templateId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(templateId ? null : GROUP_TEXTS.templateRequired);
    if (!templateId) return;
    void write.run(() => applyTemplate(templateId, group.id), setJobId);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="cm-apply-title"
      data-testid={ids.applyDialog}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="cm-apply-title">Apply a template to {group.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              label="Template"
              value={templateId}
              onChange={(e) => setTemplateId(e.target.value)}
              disabled={jobId !== null}
              error={Boolean(error)}
              helperText={
                error ??
                'Every member of the group takes the template’s settings; the group keeps it as its template.'
              }
              slotProps={{ htmlInput: { 'data-testid': ids.applyTemplate } }}
            >
              {templates.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            {write.refusal && (
              <Alert severity="error" data-testid={ids.dialogError}>
                {write.refusal.message}
              </Alert>
            )}
            {jobId && (
              <CmJobProgress
                jobId={jobId}
                title={`Applying ${template?.name ?? 'the template'} to ${group.name}`}
                onClose={onClose}
                onEnded={onEnded}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={ids.dialogCancel}>
            {jobId ? 'Close' : 'Cancel'}
          </Button>
          {!jobId && (
            <Button type="submit" variant="contained" disabled={write.busy} data-testid={ids.applySubmit}>
              Apply
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

const DRIFT_VIEW: Record<'in_sync' | 'drifted' | 'unknown', { label: string; colour: StatusColour }> = {
  in_sync: { label: 'In sync', colour: 'success' },
  drifted: { label: 'Drifted', colour: 'warning' },
  unknown: { label: 'Unknown', colour: 'error' },
};

/** Each member's settings now against the group's template. */
export function DriftDialog({
  group,
  template,
  onClose,
}: {
  group: Group;
  template: TemplateSummary;
  onClose: () => void;
}) {
  const read = useEntityRead('getTemplateDrift', [template.id, group.id]);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="cm-drift-title"
      data-testid={ids.driftDialog}
    >
      <DialogTitle id="cm-drift-title">
        {group.name} against {template.name}
      </DialogTitle>
      <DialogContent>
        {read.status === 'failed' ? (
          <LoadFailed message={read.error?.message ?? 'The drift was not read.'} onRetry={read.reload} />
        ) : read.data === null ? (
          <Loading label="Reading each member’s settings" />
        ) : read.data.members.length === 0 ? (
          <Typography>The group has no members.</Typography>
        ) : (
          <List dense>
            {read.data.members.map((m) => (
              <ListItem
                key={m.id}
                data-testid={`${ids.driftMember}-${m.id}`}
                disableGutters
                alignItems="flex-start"
              >
                <Box sx={{ minWidth: 96, pt: 0.5 }}>
                  <StatusChip label={DRIFT_VIEW[m.drift].label} colour={DRIFT_VIEW[m.drift].colour} />
                </Box>
                <ListItemText
                  primary={m.name}
                  secondary={
                    m.drift === 'drifted'
                      ? `Differs in ${m.fields.join(', ')}`
                      : m.drift === 'unknown'
                        ? (m.reason ?? undefined)
                        : 'Holds the template’s settings.'
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={read.reload} disabled={read.status === 'loading'}>
          Check again
        </Button>
        <Button onClick={onClose} data-testid={ids.driftClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
