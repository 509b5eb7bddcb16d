import { useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
} from '@mui/material';
import { ALLOW_ALL } from '@workbench/common';
import { ROLE_NAME_MAX } from '@workbench/common/api/contract/administrators';
import { rolesIds } from '@workbench/common/test-ids/administratorsIds';
import { roleEntriesOf, roleReach, type RouteTable } from '../../../routes/roleReach';
import type { RouteContext } from '../../../routes/routeRules';
import { RoleReachView } from './RoleReachView';
import { ROLE_DESCRIPTION_MAX, roleFormErrors, type RoleFormErrors, type RoleFormValues } from './roleForm';

export type RoleEditorMode = 'create' | 'edit' | 'view';

export interface RoleEditorDialogProps {
  mode: RoleEditorMode;
  initial: RoleFormValues;
  /** The names of the tenant's roles (a new one must not take one). */
  taken: readonly string[];
  /** Why the role is shown read-only (a built-in role, or no permission to write). */
  readOnlyReason?: string;
  table: RouteTable;
  /** The session's environment, features and extensions, in which the role's reach is worked out. */
  ctx: RouteContext;
  busy: boolean;
  /** The server's refusal of the last save (stays in the dialog). */
  serverError: { message: string; field?: string } | null;
  onCancel: () => void;
  onSubmit: (values: RoleFormValues) => void;
}

const TITLES: Record<RoleEditorMode, (name: string) => string> = {
  create: () => 'New role',
  edit: (name) => `Edit role ${name}`,
  view: (name) => `Role ${name}`,
};

function EntryList({
  label,
  help,
  value,
  options,
  error,
  disabled,
  testId,
  onChange,
}: {
  label: string;
  help: string;
  value: string[];
  options: readonly string[];
  error?: string;
  disabled: boolean;
  testId: string;
  onChange: (entries: string[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      disabled={disabled}
      options={options}
      value={value}
      onChange={(_e, list) => onChange([...new Set(list.map((e) => e.trim()).filter(Boolean))])}
      renderValue={(list, getItemProps) =>
        list.map((entry, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={entry} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? help}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

/**
 * A role's name, description and lists, and, computed live from the lists as they are edited,
 * what the role opens in this portal with the "View as this role" navigation preview.
 */
export function RoleEditorDialog({
  mode,
  initial,
  taken,
  readOnlyReason,
  table,
  ctx,
  busy,
  serverError,
  onCancel,
  onSubmit,
}: RoleEditorDialogProps) {
  const [values, setValues] = useState<RoleFormValues>(initial);
  const [errors, setErrors] = useState<RoleFormErrors>({});
  const readOnly = mode === 'view';
  // The entries the route table's rules ask for, and the full administrator's.
  const options = useMemo(() => [ALLOW_ALL, ...roleEntriesOf(table)], [table]);
  // What the role opens once enforced: the reach is the point of the editor, even in a tenant
  // whose roles are not enforced yet (the page says so).
  const reach = useMemo(
    () => roleReach({ read: values.read, write: values.write }, true, ctx, table),
    [values.read, values.write, ctx, table],
  );
  const set = <K extends keyof RoleFormValues>(key: K, value: RoleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = () => {
    const found = roleFormErrors(values, { creating: mode === 'create', taken });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit(values);
  };
  const fieldError = (key: keyof RoleFormValues) =>
    errors[key] ?? (serverError?.field === key ? serverError.message : undefined);
  const atField = serverError?.field !== undefined && serverError.field in values;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="role-editor-title"
      data-testid={rolesIds.editor}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id="role-editor-title">{TITLES[mode](initial.name)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {readOnlyReason && <Alert severity="info">{readOnlyReason}</Alert>}
          {serverError && !atField && (
            <Alert severity="error" data-testid={rolesIds.error} role="alert">
              {serverError.message}
            </Alert>
          )}
          <TextField
            id="role-name"
            label="Name"
            required
            disabled={mode !== 'create'}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            error={Boolean(fieldError('name'))}
            helperText={fieldError('name')}
            slotProps={{ htmlInput: { 'data-testid': rolesIds.name, maxLength: ROLE_NAME_MAX } }}
          />
          <TextField
            id="role-description"
            label="Description"
            multiline
            minRows={1}
            disabled={readOnly}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            error={Boolean(fieldError('description'))}
            helperText={fieldError('description')}
            slotProps={{
              htmlInput: { 'data-testid': rolesIds.description, maxLength: ROLE_DESCRIPTION_MAX },
            }}
          />
          <EntryList
            label="May view (read list)"
            help="Each entry opens what asks for it, e.g. logs:web (Web Logs), logs:* (every log), settings:* — type one and press Enter."
            value={values.read}
            options={options}
            error={fieldError('read')}
            disabled={readOnly}
            testId={rolesIds.read}
            onChange={(list) => set('read', list)}
          />
          <EntryList
            label="May change (write list)"
            help="The pages whose entries are here show their write controls, and the server accepts their changes."
            value={values.write}
            options={options}
            error={fieldError('write')}
            disabled={readOnly}
            testId={rolesIds.write}
            onChange={(list) => set('write', list)}
          />
          <Divider />
          <Box>
            <RoleReachView reach={reach} table={table} />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid={rolesIds.cancel}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={submit} disabled={busy} data-testid={rolesIds.save}>
            {mode === 'create' ? 'Create role' : 'Save'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
