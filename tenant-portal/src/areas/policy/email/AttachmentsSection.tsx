import { useCallback, useState } from 'react';
import { Formik } from 'formik';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { DualList, type DualListItem } from '@workbench/common';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { ATTACHMENT_PLUGINS, PLUGIN_ACTIONS } from '@workbench/common/api/contract/policy-kinds/emailKinds';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { emailPolicyIds } from '@workbench/common/test-ids/emailPolicyIds';
import { EntryDialog } from '../web/EntryDialog';
import { TitledRuleTable } from '../web/RuleTable';
import { newRuleId, upsert } from '../web/listEdits';
import { useRuleLink } from '../web/useRuleLink';
import {
  EMAIL_ACTION_OPTIONS,
  EMAIL_FORM_MESSAGES,
  actionLabel,
  listError,
  nameError,
  splitValues,
  type EmailAction,
} from './emailForm';
import { ApplyActions } from '../kit/ApplyActions';
import { formFields, messageAsIs } from '../formFields';

const ASIS = { readOnly: false, message: messageAsIs };

export type AttachmentsDoc = PolicyData<'smtp/attachments'>;
type ContentType = AttachmentsDoc['content_types'][number];
type Group = AttachmentsDoc['groups'][number];
type PluginId = (typeof ATTACHMENT_PLUGINS)[number];
type PluginAction = (typeof PLUGIN_ACTIONS)[number];

const PLUGIN_LABELS: Record<PluginId, string> = {
  reversinglabs: 'ReversingLabs file reputation',
  antivirus: 'Antivirus',
  sandbox: 'Sandbox',
  cdr: 'Content disarm and reconstruction (CDR)',
};
const PLUGIN_ACTION_LABELS: Record<PluginAction, string> = {
  block: 'Block the message',
  remove: 'Remove the attachment',
  allow: 'Deliver and log',
};

/** The registry's forms (emailKinds.ts ContentType). */
const EXTENSION = /^[a-z0-9]{1,16}$/;
const MIME = /^[a-z]+\/[a-z0-9.+-]+$/;

/** A content type's display name: a name with Calendar or ICS is the meeting invitation (docs/policy.md §3). */
export const contentTypeLabel = (name: string): string =>
  /calendar|ics/i.test(name) ? 'ICS Meeting Invitation' : name;

/**
 * Attachments (docs/access.md §5 attachments flag; docs/policy.md §3 smtp/attachments: content_types, groups,
 * plugins): the content types known by extension and MIME type, groups of them with the action
 * their attachments get, and the scanning engines with what a detection does. A content type a
 * group uses cannot be deleted until no group names it (the server would refuse the document).
 */
export function AttachmentsSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: {
  doc: AttachmentsDoc;
  onChange: (d: AttachmentsDoc) => void;
  readOnly: boolean;
  linkedKey?: string | null;
  onLinkOpened?: () => void;
}) {
  const [type, setType] = useState<{ type: ContentType | null; id: string } | null>(null);
  const [group, setGroup] = useState<{ group: Group | null; id: string } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const findGroup = useCallback(
    (key: string) => {
      const g = doc.groups.find((x) => x.id === key);
      return g ? { group: g, id: g.id } : null;
    },
    [doc],
  );
  useRuleLink(linkedKey, findGroup, setGroup, onLinkOpened);
  const typeName = (id: string) => contentTypeLabel(doc.content_types.find((t) => t.id === id)?.name ?? id);

  const changeTypes = (content_types: ContentType[]) => {
    const kept = new Set(content_types.map((t) => t.id));
    const used = doc.groups.flatMap((g) =>
      g.content_types.filter((id) => !kept.has(id)).map((id) => ({ g, id })),
    );
    if (used.length > 0) {
      setRefused(
        `${typeName(used[0].id)} is used by the group ${used[0].g.name}: remove it from the group first.`,
      );
      return;
    }
    setRefused(null);
    onChange({ ...doc, content_types });
  };
  const pluginOf = (id: PluginId) => doc.plugins.find((p) => p.id === id);
  const setPlugin = (id: PluginId, change: { enabled?: boolean; action_on_detection?: PluginAction }) => {
    const current = pluginOf(id) ?? { id, enabled: false, action_on_detection: 'block' as PluginAction };
    const next = { ...current, ...change };
    // Engines in their fixed order.
    const plugins = ATTACHMENT_PLUGINS.flatMap((p) =>
      p === id ? [next] : doc.plugins.filter((x) => x.id === p),
    );
    onChange({ ...doc, plugins });
  };

  const typeFields = [
    { name: 'name', label: 'Name', type: 'text' as const, validate: nameError },
    {
      name: 'extensions',
      label: 'Extensions (comma-separated, without the dot)',
      type: 'text' as const,
      validate: (v: string) =>
        listError(v.replace(/(^|[,\s])\./g, '$1'), (x) => (EXTENSION.test(x) ? null : 'invalidExtension'), {
          required: true,
          separator: 'commas',
          maxLength: 16,
        }),
    },
    {
      name: 'mime_types',
      label: 'MIME types (comma-separated, optional)',
      type: 'text' as const,
      validate: (v: string) =>
        listError(v, (x) => (MIME.test(x) ? null : 'invalidMimeType'), {
          separator: 'commas',
          maxLength: 128,
        }),
    },
  ];
  return (
    <Stack spacing={3}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          Scanning engines
        </Typography>
        <Stack spacing={1}>
          {ATTACHMENT_PLUGINS.map((id) => {
            const p = pluginOf(id);
            return (
              <Box key={id} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <FormControlLabel
                  sx={{ minWidth: 330 }}
                  label={PLUGIN_LABELS[id]}
                  control={
                    <Switch
                      checked={p?.enabled ?? false}
                      disabled={readOnly}
                      onChange={(e) => setPlugin(id, { enabled: e.target.checked })}
                      slotProps={{
                        input: { 'data-testid': `${emailPolicyIds.pluginSwitch}-${id}` } as object,
                      }}
                    />
                  }
                />
                <TextField
                  select
                  size="small"
                  label={`On detection by ${PLUGIN_LABELS[id]}`}
                  value={p?.action_on_detection ?? 'block'}
                  disabled={readOnly || !p?.enabled}
                  onChange={(e) => setPlugin(id, { action_on_detection: e.target.value as PluginAction })}
                  sx={{ minWidth: 260 }}
                  slotProps={{ htmlInput: { 'data-testid': `${emailPolicyIds.pluginAction}-${id}` } }}
                >
                  {PLUGIN_ACTIONS.map((a) => (
                    <MenuItem key={a} value={a}>
                      {PLUGIN_ACTION_LABELS[a]}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            );
          })}
        </Stack>
      </Box>
      <TitledRuleTable<Group>
        title="Attachment groups"
        addLabel="Add attachment group"
        addTestId={`${webPolicyIds.ruleAdd}-attachment-groups`}
        onAdd={() => setGroup({ group: null, id: newRuleId() })}
        ids={emailPolicyIds}
        label="Attachment groups"
        rows={doc.groups}
        rowKey={(g) => g.id}
        rowName={(g) => g.name}
        readOnly={readOnly}
        onChange={(groups) => onChange({ ...doc, groups })}
        onEdit={(g) => setGroup({ group: g, id: g.id })}
        emptyText="No attachment groups: attachments open as the settings say."
        columns={[
          { name: 'name', header: 'Name', flex: 1, minWidth: 140 },
          {
            name: 'content_types',
            header: 'Content types',
            flex: 2,
            minWidth: 200,
            value: (g) => g.content_types.map(typeName).join(', '),
          },
          { name: 'action', header: 'Action', minWidth: 90, value: (g) => actionLabel(g.action) },
        ]}
      />
      <TitledRuleTable<ContentType>
        title="Content types"
        addLabel="Add content type"
        addTestId={`${webPolicyIds.ruleAdd}-content-types`}
        onAdd={() => setType({ type: null, id: newRuleId() })}
        notice={
          refused && (
            <Alert
              severity="warning"
              sx={{ mb: 1 }}
              onClose={() => setRefused(null)}
              data-testid={emailPolicyIds.refused}
            >
              {refused}
            </Alert>
          )
        }
        ids={emailPolicyIds}
        label="Content types"
        rows={doc.content_types}
        rowKey={(t) => t.id}
        rowName={(t) => contentTypeLabel(t.name)}
        readOnly={readOnly}
        onChange={changeTypes}
        onEdit={(t) => setType({ type: t, id: t.id })}
        emptyText="No content types."
        columns={[
          { name: 'name', header: 'Name', flex: 1, minWidth: 140, value: (t) => contentTypeLabel(t.name) },
          {
            name: 'extensions',
            header: 'Extensions',
            flex: 1,
            minWidth: 140,
            value: (t) => t.extensions.join(', '),
          },
          {
            name: 'mime_types',
            header: 'MIME types',
            flex: 1,
            minWidth: 140,
            value: (t) => t.mime_types.join(', '),
          },
        ]}
      />
      {type && (
        <EntryDialog
          title={type.type ? `Content type: ${type.type.name}` : 'New content type'}
          fields={typeFields}
          canWrite={!readOnly}
          initialValues={{
            name: type.type?.name ?? '',
            extensions: (type.type?.extensions ?? []).join(', '),
            mime_types: (type.type?.mime_types ?? []).join(', '),
          }}
          onApply={(values) => {
            const next: ContentType = {
              id: type.id,
              name: String(values.name),
              extensions: [
                ...new Set(splitValues(String(values.extensions).replace(/(^|[,\s])\./g, '$1'), 'commas')),
              ],
              mime_types: [...new Set(splitValues(String(values.mime_types), 'commas'))],
            };
            changeTypes(upsert(doc.content_types, next, (t) => t.id));
            setType(null);
          }}
          onClose={() => setType(null)}
        />
      )}
      {group && (
        <GroupDialog
          group={group.group}
          newId={group.id}
          types={doc.content_types}
          canWrite={!readOnly}
          onApply={(g) => {
            onChange({ ...doc, groups: upsert(doc.groups, g, (x) => x.id) });
            setGroup(null);
          }}
          onClose={() => setGroup(null)}
        />
      )}
    </Stack>
  );
}

const TYPES_TITLE = 'Content types';

/** An attachment group: a name, its content types (the shared dual list, at least one) and the action. */
function GroupDialog({
  group,
  newId,
  types,
  canWrite,
  onApply,
  onClose,
}: {
  group: Group | null;
  newId: string;
  types: readonly ContentType[];
  canWrite: boolean;
  onApply: (g: Group) => void;
  onClose: () => void;
}) {
  const itemOf = (t: ContentType): DualListItem => ({
    name: contentTypeLabel(t.name),
    description: t.extensions.join(', '),
    category: TYPES_TITLE,
  });
  const initial = {
    name: group?.name ?? '',
    action: (group?.action ?? 'safeview') as EmailAction,
    picked: types.filter((t) => group?.content_types.includes(t.id)).map(itemOf),
  };
  const idOf = (item: DualListItem) => types.find((t) => contentTypeLabel(t.name) === item.name)?.id;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="group-title"
      data-testid={webPolicyIds.ruleDialog}
    >
      <Formik
        initialValues={initial}
        validateOnMount
        validate={(v) => {
          const errors: Record<string, string> = {};
          const name = nameError(v.name);
          if (name) errors.name = name;
          if (v.picked.length === 0) errors.picked = EMAIL_FORM_MESSAGES.required;
          return errors;
        }}
        onSubmit={(v) =>
          onApply({
            id: group?.id ?? newId,
            name: v.name,
            action: v.action,
            content_types: v.picked.map(idOf).filter((id): id is string => id !== undefined),
          })
        }
      >
        {(form) => (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              form.handleSubmit();
            }}
          >
            <DialogTitle id="group-title">
              {group ? `Attachment group: ${group.name}` : 'New attachment group'}
            </DialogTitle>
            <DialogContent>
              <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  <TextField {...formFields(form, ASIS).field('name', 'Name')} required />
                  <TextField select {...formFields(form, ASIS).field('action', 'Action')}>
                    {EMAIL_ACTION_OPTIONS.map((a) => (
                      <MenuItem key={a.code} value={a.code}>
                        {a.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <DualList
                    groups={[
                      { title: TYPES_TITLE, items: types.map(itemOf).map(({ category: _c, ...i }) => i) },
                    ]}
                    {...formFields(form, ASIS).choiceField<DualListItem[]>('picked')}
                    availableTitle="Content types"
                    selectedTitle="In this group"
                  />
                </Stack>
              </fieldset>
            </DialogContent>
            <ApplyActions canWrite={canWrite} valid={form.isValid} onClose={onClose} />
          </form>
        )}
      </Formik>
    </Dialog>
  );
}
