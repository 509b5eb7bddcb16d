/**
 * One tenant document (a TENANT_DOCUMENTS row): read whole, edited, checked with the row's own
 * schema and checks, replaced whole. Every control comes from the row's schema (documentForm.ts),
 * so a new row needs no new component. Support staff see the values, disabled, and no Save.
 * DocumentForm serves any document-shaped list too (a licence key's features and SKUs).
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { providerPageIds, toErrorInfo, useAppDispatch, snackbarShown } from '@workbench/common';
import {
  fieldLabel,
  tenantDocumentDef,
  type TenantDocumentDef,
  type TenantDocumentName,
} from '@workbench/common/api/contract/providerTenants';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import {
  choicesOf,
  documentErrors,
  documentOf,
  fieldKind,
  formValuesOf,
  newItem,
  propertiesOf,
  type FieldSchema,
  type FormValues,
} from './documentForm';

interface ControlProps {
  id: string;
  label: string;
  schema: FieldSchema;
  value: unknown;
  error?: string;
  disabled: boolean;
  /** In a table cell: no visible label (the column header says it). */
  dense?: boolean;
  onChange(value: unknown): void;
}

function Control({ id, label, schema, value, error, disabled, dense, onChange }: ControlProps) {
  const kind = fieldKind(schema);
  if (kind === 'boolean') {
    const box = (
      <Checkbox
        checked={value === true}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-label': dense ? label : undefined, id } as object }}
      />
    );
    return dense ? box : <FormControlLabel control={box} label={label} />;
  }
  const common = {
    id,
    size: 'small' as const,
    value: typeof value === 'string' ? value : '',
    disabled,
    error: error !== undefined,
    helperText: error,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    ...(dense ? { slotProps: { htmlInput: { 'aria-label': label } } } : { label }),
  };
  if (kind === 'choice')
    return (
      <TextField select {...common} sx={{ minWidth: 120 }}>
        {choicesOf(schema).map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
    );
  if (kind === 'strings' || kind === 'longtext')
    return (
      <TextField
        {...common}
        multiline
        minRows={3}
        fullWidth
        placeholder={kind === 'strings' ? 'One per line' : undefined}
      />
    );
  return <TextField {...common} fullWidth={!dense} inputMode={kind === 'number' ? 'numeric' : undefined} />;
}

function ItemTable(props: {
  id: string;
  name: string;
  schema: FieldSchema;
  items: FormValues[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange(items: FormValues[]): void;
}) {
  const { id, name, schema, items, errors, disabled, onChange } = props;
  const columns = propertiesOf(schema.items ?? {});
  const label = fieldLabel(name, schema);
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
        {label}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map(([k, s]) => (
                <TableCell key={k}>{fieldLabel(k, s)}</TableCell>
              ))}
              {!disabled && <TableCell aria-label="Actions" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>None.</TableCell>
              </TableRow>
            )}
            {items.map((item, i) => (
              <TableRow key={i}>
                {columns.map(([k, s]) => (
                  <TableCell key={k} sx={{ verticalAlign: 'top' }}>
                    <Control
                      id={`${id}-${i}-${k}`}
                      label={`${fieldLabel(k, s)}, row ${i + 1}`}
                      schema={s}
                      value={item[k]}
                      error={errors[`${name}.${i}.${k}`]}
                      disabled={disabled}
                      dense
                      onChange={(v) => onChange(items.map((x, j) => (j === i ? { ...x, [k]: v } : x)))}
                    />
                  </TableCell>
                ))}
                {!disabled && (
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <IconButton
                      aria-label={`Remove ${label.toLowerCase()} row ${i + 1}`}
                      onClick={() => onChange(items.filter((_, j) => j !== i))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!disabled && (
        <Button size="small" onClick={() => onChange([...items, newItem(schema)])} sx={{ mt: 0.5 }}>
          Add to {label.toLowerCase()}
        </Button>
      )}
    </Box>
  );
}

export interface DocumentFormProps {
  def: TenantDocumentDef;
  /** The document as read (null while it loads). */
  doc: Record<string, unknown> | null;
  canWrite: boolean;
  /** Test-id prefix: `-save` is the Save button, `-${field}` a control. */
  testId: string;
  /** Replaces the document; a refusal (ApiCallError) is shown at the field it names. */
  save(body: Record<string, unknown>): Promise<void>;
  /** The Save button's words (default "Save <title>"). */
  saveLabel?: string;
}

/** The form of any document-shaped thing: a tenant document, a licence key's features, … */
export function DocumentForm({ def, doc, canWrite, testId, save, saveLabel }: DocumentFormProps) {
  const [draft, setDraft] = useState<FormValues | null>(null);
  const [shown, setShown] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const values = draft ?? (doc ? formValuesOf(def, doc) : null);

  const submit = async () => {
    if (!values) return;
    const body = documentOf(def, values);
    const problems = documentErrors(def, body);
    setShown(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await save(body);
      setDraft(null);
    } catch (e) {
      const info = toErrorInfo(e);
      // The server names the field (`hostnames`, `tunnels.0.gateway`): shown there and above.
      if (info.field) setShown({ [info.field]: info.message });
      setFailure(info.message);
    } finally {
      setBusy(false);
    }
  };
  const errorAt = (field: string) =>
    shown[field] ??
    Object.entries(shown).find(([k]) => k.startsWith(`${field}.`) && !/\.\d+\.\w/.test(k))?.[1];

  return (
    <>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={providerPageIds.tenantTabError}>
          {failure}
        </Alert>
      )}
      {values && (
        <Stack spacing={2}>
          {propertiesOf(def.schema as FieldSchema).map(([k, s]) =>
            fieldKind(s) === 'items' ? (
              <ItemTable
                key={k}
                id={`${testId}-${k}`}
                name={k}
                schema={s}
                items={values[k] as FormValues[]}
                errors={shown}
                disabled={!canWrite}
                onChange={(items) => setDraft({ ...values, [k]: items })}
              />
            ) : fieldKind(s) === 'boolean' && !canWrite ? (
              <FormControlLabel
                key={k}
                control={<Switch checked={values[k] === true} disabled />}
                label={fieldLabel(k, s)}
              />
            ) : (
              <Control
                key={k}
                id={`${testId}-${k}`}
                label={fieldLabel(k, s)}
                schema={s}
                value={values[k]}
                error={errorAt(k)}
                disabled={!canWrite}
                onChange={(v) => setDraft({ ...values, [k]: v })}
              />
            ),
          )}
          {canWrite && (
            <Box>
              <Button
                variant="contained"
                disabled={busy || draft === null}
                data-testid={`${testId}-save`}
                onClick={() => void submit()}
              >
                {saveLabel ?? `Save ${def.title.toLowerCase()}`}
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </>
  );
}

export interface DocumentEditorProps {
  tid: string;
  name: TenantDocumentName;
  canWrite: boolean;
  /** After a save (the capabilities tab shows the validity beside each capability). */
  onSaved?(): void;
}

/** A tenant document in its section: read whole, replaced whole. */
export function DocumentEditor({ tid, name, canWrite, onSaved }: DocumentEditorProps) {
  const dispatch = useAppDispatch();
  const def = tenantDocumentDef(name);
  const doc = useEntityRead('getTenantDocument', [tid, name]);
  const putDocument = useEntityCall('putTenantDocument');
  // The server's answer to a save is the document now (no reload, so no flash of the old one).
  const [saved, setSaved] = useState<Record<string, unknown> | null>(null);
  const ids = `${providerPageIds.tenantDocument}-${name}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={ids} component="section" aria-label={def.title}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {def.title}
      </Typography>
      {def.note && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid={`${ids}-note`}>
          {def.note}
        </Alert>
      )}
      {doc.error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={providerPageIds.tenantTabError}>
          {doc.error.message}
        </Alert>
      )}
      <DocumentForm
        def={def}
        doc={saved ?? (doc.data as Record<string, unknown> | null)}
        canWrite={canWrite}
        testId={ids}
        save={async (body) => {
          setSaved((await putDocument(tid, name, body as never)) as Record<string, unknown>);
          dispatch(
            snackbarShown({
              kind: 'save',
              outcome: 'success',
              message: `The ${def.title.toLowerCase()} has been saved.`,
            }),
          );
          onSaved?.();
        }}
      />
    </Paper>
  );
}
