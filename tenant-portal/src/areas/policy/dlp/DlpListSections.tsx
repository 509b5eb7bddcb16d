import { useCallback, useState, type ReactNode } from 'react';
import { Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { usePolicyDocEditor, usePolicyReference, type DataTableColumn } from '@workbench/common';
import { useEntityCall } from '../policyRequests';
import {
  FILE_PASSWORD_MAX_LENGTH,
  FILE_PASSWORD_MIN_LENGTH,
} from '@workbench/common/api/contract/policy-kinds/dlpKinds';
import { dlpPolicyIds } from '@workbench/common/test-ids/dlpIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { EntryDialog, type EntryField, type EntryValues } from '../web/EntryDialog';
import { newRuleId, upsert } from '../web/listEdits';
import { RuleTable } from '../web/RuleTable';
import { useRuleLink } from '../web/useRuleLink';
import {
  auditorFields,
  auditorOf,
  auditorValues,
  dictionaryFields,
  dictionaryOf,
  dictionaryValues,
  notifyOptionsFor,
  profileFields,
  profileOf,
  profileValues,
  type Auditor,
  type AuditorProfile,
  type Dictionary,
} from './dlpEntries';
import { ListHeader } from '../kit/ListHeader';
import { enabledTextColumn } from '../kit/enabledColumn';

interface Named {
  id: string;
  name: string;
}

/**
 * A list of named entries edited one at a time in the shared entry dialog: Add (writers), the
 * shared rule table (Edit or View, Delete), `?rule=<id>` opens an entry.
 */
function NamedList<T extends Named>({
  path,
  noun,
  rows,
  columns,
  readOnly,
  onChange,
  linkedKey,
  onLinkOpened,
  dialog,
  intro,
}: {
  path: string;
  noun: string;
  rows: readonly T[];
  columns: DataTableColumn<T>[];
  readOnly: boolean;
  onChange: (rows: T[]) => void;
  linkedKey: string | null;
  onLinkOpened: () => void;
  /** The dialog's fields, values and what Apply makes of them, for an entry (null: a new one). */
  dialog: (entry: T | null) => {
    fields: EntryField[];
    values: EntryValues;
    make: (v: EntryValues, id: string) => T;
  };
  intro: ReactNode;
}) {
  const [editing, setEditing] = useState<{ entry: T | null; id: string } | null>(null);
  const find = useCallback(
    (key: string) => {
      const entry = rows.find((r) => r.id === key);
      return entry ? { entry, id: entry.id } : null;
    },
    [rows],
  );
  useRuleLink(linkedKey, find, setEditing, onLinkOpened);
  const form = editing ? dialog(editing.entry) : null;
  return (
    <Box>
      <ListHeader
        intro={intro}
        readOnly={readOnly}
        addLabel={<>Add {noun}</>}
        addTestId={`${dlpPolicyIds.add}-${path}`}
        onAdd={() => setEditing({ entry: null, id: newRuleId() })}
      />
      <RuleTable<T>
        ids={dlpPolicyIds}
        label={`DLP ${noun}s`}
        rows={rows}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        readOnly={readOnly}
        onChange={onChange}
        onEdit={(entry) => setEditing({ entry, id: entry.id })}
        emptyText={`No ${noun}s yet.`}
        columns={columns}
      />
      {editing && form && (
        <EntryDialog
          title={
            editing.entry ? `${noun[0].toUpperCase()}${noun.slice(1)}: ${editing.entry.name}` : `New ${noun}`
          }
          fields={form.fields}
          canWrite={!readOnly}
          initialValues={form.values}
          onApply={(values) => {
            onChange(upsert(rows, form.make(values, editing.id), (r) => r.id));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}

const others = (rows: readonly Named[], entry: Named | null) =>
  rows.filter((r) => r.id !== entry?.id).map((r) => r.name);

const count = (n: number, one: string) => (n === 0 ? 'None' : `${n} ${one}${n === 1 ? '' : 's'}`);

/**
 * Dictionaries (docs/policy.md §3 dlp_dicts, body overrides): the predefined compliance lists
 * (GET /predefined_ccls) the tenant turns on and retunes, and its own custom ones.
 */
export function DictionariesSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: SectionEditorProps<'dlp_dicts'>) {
  const ccls = usePolicyReference('predefined_ccls').data?.ccls ?? [];
  const used = new Set(doc.overrides.map((d) => d.id));
  const predefined = ccls.filter((c) => !used.has(c.id)).map((c) => ({ code: c.id, label: c.name }));
  return (
    <NamedList<Dictionary>
      path="dictionaries"
      noun="dictionary"
      intro="What DLP looks for: predefined compliance lists (card numbers, national ids…) and your own patterns. A dictionary counts once a transfer has as many matches as its threshold."
      rows={doc.overrides}
      readOnly={readOnly}
      onChange={(overrides) => onChange({ overrides })}
      linkedKey={linkedKey}
      onLinkOpened={onLinkOpened}
      columns={[
        { name: 'name', header: 'Name', flex: 1, minWidth: 160 },
        {
          name: 'source',
          header: 'Kind',
          minWidth: 110,
          value: (d) => (d.source === 'custom' ? 'Custom' : 'Predefined'),
        },
        { name: 'threshold', header: 'Threshold', minWidth: 100, value: (d) => String(d.threshold) },
        {
          name: 'patterns',
          header: 'Patterns',
          minWidth: 110,
          value: (d) => count(d.patterns.length, 'pattern'),
        },
        enabledTextColumn(),
      ]}
      dialog={(d) => ({
        fields: dictionaryFields(others(doc.overrides, d), predefined, d === null),
        values: dictionaryValues(d),
        make: (values, id) => dictionaryOf(values, d, id, predefined),
      })}
    />
  );
}

/** Auditors (docs/policy.md §3 dlp_auditors): who is mailed about matches. */
export function AuditorsSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: SectionEditorProps<'dlp_auditors'>) {
  return (
    <NamedList<Auditor>
      path="auditors"
      noun="auditor"
      intro="Who is mailed about DLP matches. Rules name auditors, or the default auditor profile is told."
      rows={doc.list}
      readOnly={readOnly}
      onChange={(list) => onChange({ list })}
      linkedKey={linkedKey}
      onLinkOpened={onLinkOpened}
      columns={[
        { name: 'name', header: 'Name', flex: 1, minWidth: 140 },
        { name: 'email', header: 'E-mail', flex: 1, minWidth: 180 },
        {
          name: 'notify_on',
          header: 'Told of',
          minWidth: 160,
          value: (a) => notifyOptionsFor(a).find((o) => o.code === auditorValues(a).notify_on)?.label ?? '',
        },
        {
          name: 'attach_file',
          header: 'File attached',
          minWidth: 110,
          value: (a) => (a.attach_file ? 'Yes' : 'No'),
        },
      ]}
      dialog={(a) => ({
        fields: auditorFields(
          others(doc.list, a),
          doc.list.filter((x) => x.id !== a?.id).map((x) => x.email),
        ).map((f) => (f.name === 'notify_on' ? { ...f, options: notifyOptionsFor(a) } : f)),
        values: auditorValues(a),
        make: auditorOf,
      })}
    />
  );
}

/** Auditor profiles (docs/policy.md §10 /auditor_profiles/list): auditors told together. */
export function ProfilesSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: SectionEditorProps<'auditor_profiles/list'>) {
  const auditors: Named[] = usePolicyDocEditor('dlp_auditors').draft?.list ?? [];
  return (
    <NamedList<AuditorProfile>
      path="profiles"
      noun="profile"
      intro="Auditors told of matches together. The default profile below is told of the matches of rules that name no auditors."
      rows={doc.list}
      readOnly={readOnly}
      onChange={(list) => onChange({ list })}
      linkedKey={linkedKey}
      onLinkOpened={onLinkOpened}
      columns={[
        { name: 'name', header: 'Name', flex: 1, minWidth: 140 },
        {
          name: 'auditors',
          header: 'Auditors',
          flex: 2,
          minWidth: 200,
          value: (p) =>
            p.auditors.map((id) => auditors.find((a) => a.id === id)?.name ?? `Deleted (${id})`).join(', '),
        },
        {
          name: 'description',
          header: 'Description',
          flex: 1,
          minWidth: 140,
          value: (p) => p.description ?? '',
        },
      ]}
      dialog={(p) => ({
        fields: profileFields(others(doc.list, p), auditors),
        values: profileValues(p, auditors),
        make: (values, id) => profileOf(values, id, auditors),
      })}
    />
  );
}

/** The default auditor profile (/auditor_profiles/default): one of the profiles, or none. */
export function DefaultProfileSection({
  doc,
  onChange,
  readOnly,
}: SectionEditorProps<'auditor_profiles/default'>) {
  const profiles = usePolicyDocEditor('auditor_profiles/list').draft?.list ?? [];
  const known = doc.profile_id === null || profiles.some((p) => p.id === doc.profile_id);
  return (
    <TextField
      select
      label="Default auditor profile"
      value={doc.profile_id ?? ''}
      disabled={readOnly}
      onChange={(e) => onChange({ profile_id: e.target.value === '' ? null : e.target.value })}
      helperText="Told of the matches of rules that name no auditors."
      sx={{ minWidth: 320 }}
      slotProps={{ htmlInput: { 'data-testid': dlpPolicyIds.defaultProfile } }}
    >
      <MenuItem value="">None: nobody is told</MenuItem>
      {profiles.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
      {!known && doc.profile_id !== null && (
        <MenuItem value={doc.profile_id}>Deleted ({doc.profile_id})</MenuItem>
      )}
    </TextField>
  );
}

/**
 * The attachment password (/auditor_profiles/file_password): the archives of matching files
 * mailed to auditors are protected with it. "Suggest" asks GET /dlp/file_password for a strong one.
 */
export function FilePasswordSection({
  doc,
  onChange,
  readOnly,
}: SectionEditorProps<'auditor_profiles/file_password'>) {
  const [text, setText] = useState(doc.password);
  const [suggestError, setSuggestError] = useState<string | null>(null);
  const suggestFilePassword = useEntityCall('suggestFilePassword');
  const tooShort = doc.enabled && text.length < FILE_PASSWORD_MIN_LENGTH;
  const problem = tooShort
    ? `At least ${FILE_PASSWORD_MIN_LENGTH} characters.`
    : text.length > FILE_PASSWORD_MAX_LENGTH
      ? `At most ${FILE_PASSWORD_MAX_LENGTH} characters.`
      : null;
  const commit = (password: string) => {
    setText(password);
    if (password.length <= FILE_PASSWORD_MAX_LENGTH) onChange({ ...doc, password });
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      <FormControlLabel
        label="Protect attached files with a password"
        control={
          <Switch
            checked={doc.enabled}
            disabled={readOnly}
            onChange={(e) => onChange({ ...doc, enabled: e.target.checked })}
            slotProps={{ input: { 'data-testid': dlpPolicyIds.passwordEnabled } as object }}
          />
        }
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label="Archive password"
          value={text}
          disabled={readOnly}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => commit(text)}
          error={Boolean(problem)}
          helperText={problem ?? 'Give it to the auditors: they need it to open the files.'}
          autoComplete="off"
          sx={{ flex: 1, minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': dlpPolicyIds.password, spellCheck: false } }}
        />
        {!readOnly && (
          <Button
            sx={{ mt: 1 }}
            onClick={() => {
              setSuggestError(null);
              suggestFilePassword().then(
                (r) => commit(r.password),
                () => setSuggestError('No password could be suggested. Try again.'),
              );
            }}
            data-testid={dlpPolicyIds.passwordSuggest}
          >
            Suggest a strong password
          </Button>
        )}
      </Box>
      {suggestError && (
        <Typography color="error" variant="body2" role="alert">
          {suggestError}
        </Typography>
      )}
    </Stack>
  );
}
