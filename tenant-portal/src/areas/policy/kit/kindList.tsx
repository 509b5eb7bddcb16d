/**
 * The kit's editor of a list kind (issue 32 point 1): a kind whose view row's shape is
 * `named-list`, `ordered-rules` or `scoped-rules` is drawn from its registry row (its keyed lists,
 * which of them are ordered, the schema of their entries) and its view row (nouns, labels, codes'
 * labels, scope headings), so such a kind needs no section of its own:
 *
 * - each keyed list is a table (`../web/RuleTable.tsx`, actions pinned right) with Add above it
 *   (`ListHeader`), Edit and Delete per row, the enabled switch (`enabledColumn`) when its entries
 *   have `enabled`, and Move up / down when the registry orders it;
 * - an entry opens in a dialog whose fields come from the entry's schema (`schemaFields.ts`, drawn
 *   by `KitFields.tsx`): a named list's on a plain dialog (`ApplyActions`), a rule's on
 *   `../RuleDialogFrame.tsx` (the Rule panel, then its lists' panel, then its comment); a name is
 *   used once in its list; the save's 400 shows at its field when its entry is open (`serverError.ts`);
 * - a scoped kind's lists are grouped by their scope (the object holding them, e.g. global rules'
 *   `pre` and `post`), headed by the view row's `scopes`; the document's other values (a scope's
 *   own settings) are form fields above its lists (`KitDocumentFields`).
 *
 * A list keyed by another field than `id`, or an entry value the kit has no field for (a list of
 * objects), throws at load naming the kind and the field: that kind keeps a section of its own.
 */
import { useMemo, type ComponentType } from 'react';
import { Formik, getIn, setIn, type FormikProps } from 'formik';
import { Box, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { DataTableColumn, RuleAccordionPanel } from '@workbench/common';
import { POLICY_KIND_REGISTRY, type PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { entryNoun, policyKindView } from '@workbench/common/features/policy-view/policyKindViews';
import { policyEditorIds, webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { RuleDialogFrame, ruleDialogTitle } from '../RuleDialogFrame';
import { RuleTable } from '../web/RuleTable';
import { pathInList } from '../web/listEdits';
import { ApplyActions } from './ApplyActions';
import { enabledColumn } from './enabledColumn';
import { kitFieldControls } from './KitFields';
import { KitDocumentFields } from './kindForm';
import { ListHeader } from './ListHeader';
import { rulePanel, validFields } from './rulePanel';
import {
  capitalised,
  documentOf,
  formValues,
  kindFormErrors,
  newEntryValues,
  schemaFields,
  type FormValues,
  type KitField,
  type SchemaNode,
} from './schemaFields';
import { dialogFieldError, editorServerError, listServerError, type ServerError } from './serverError';
import { useRuleEditing } from './useRuleEditing';

/** One keyed list of a list kind as the kit draws it. */
export interface KitList {
  /** Its dotted path in the document (`list`, `pre.list`). */
  path: string;
  /** The object holding it ('' at the top): its scope. */
  scope: string;
  /** Its entries' fields (paths inside the entry), without the key. */
  fields: KitField[];
  ordered: boolean;
  noun: string;
}

export interface KitListLayout {
  lists: KitList[];
  /** The document's own values beside its lists (paths in the document). */
  docFields: KitField[];
}

/** An entry of a list (`name` absent from a list whose entries have none: the row is named by its id). */
type Entry = { id: string; name: string; enabled?: boolean } & FormValues;

const scopeOf = (path: string) => path.split('.').slice(0, -1).join('.');

/** The lists and other values of a list kind (throws on a list or a value the kit cannot draw). */
export function kindListLayout(kind: PolicyKind): KitListLayout {
  const def = POLICY_KIND_REGISTRY[kind];
  const keyed: Readonly<Record<string, string>> = def.keyedLists ?? {};
  const ordered: readonly string[] = def.orderedLists ?? [];
  const lists: KitList[] = [];
  const docFields = schemaFields(kind, def.data as SchemaNode, '', {
    // The save adds the reorders itself (policy-docs/reorderingEvents.ts).
    skip: (path) => path === 'reorderingEvents',
    onObjectList: (path, node) => {
      const key = keyed[path];
      if (key !== 'id')
        throw new Error(
          `The kit draws lists keyed by id: ${kind}'s ${path} is ${key ? `keyed by ${key}` : 'not keyed'}`,
        );
      lists.push({
        path,
        scope: scopeOf(path),
        fields: schemaFields(kind, node.items as SchemaNode, '', { skip: (p) => p === 'id' }),
        ordered: ordered.includes(path),
        noun: entryNoun(kind, path),
      });
    },
  });
  if (lists.length === 0) throw new Error(`The kit draws no list of ${kind}: its view row's shape is a list`);
  return { lists, docFields };
}

/** "groups", "dictionaries", "mobile rules". */
const plural = (noun: string) =>
  /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : /(s|sh|ch|x)$/.test(noun) ? `${noun}es` : `${noun}s`;

const LONG_TEXT = new Set(['comment', 'description']);

/** A column of an entry's field in the list's table. */
function column(field: KitField, named: boolean): DataTableColumn<Entry> {
  const base = { name: field.path, header: field.label, minWidth: 110 };
  const at = (e: Entry) => getIn(e, field.path) as unknown;
  const label = (code: unknown, options: ReadonlyArray<{ code: string; label: string }>) =>
    options.find((o) => o.code === code)?.label ?? String(code ?? '');
  switch (field.type) {
    case 'switch':
      return { ...base, value: (e) => (at(e) ? 'Yes' : 'No') };
    case 'select':
      return { ...base, value: (e) => label(at(e), field.options) };
    case 'choices':
      return {
        ...base,
        value: (e) => ((at(e) ?? []) as string[]).map((c) => label(c, field.options)).join(', '),
      };
    case 'lines': {
      const values = (e: Entry) => (at(e) ?? []) as string[];
      // A named list shows how many entries each holds; a rule what it matches (empty: every).
      return named
        ? { ...base, value: (e) => String(values(e).length) }
        : { ...base, flex: 1, value: (e) => values(e).join(', ') || 'Any' };
    }
    default:
      return { ...base, value: (e) => String(at(e) ?? '') };
  }
}

/** The form's errors with a name used by another entry of the list. */
function entryErrors(
  fields: readonly KitField[],
  values: FormValues,
  otherNames: readonly string[],
  noun: string,
) {
  const errors = kindFormErrors(fields, values);
  const name = String(values.name ?? '').trim();
  if (!errors.name && name !== '' && otherNames.includes(name))
    return setIn(errors, 'name', `Name: another ${noun} is called “${name}”.`);
  return errors;
}

export interface EntryDialogProps {
  list: KitList;
  rule: Entry | null;
  id: string;
  named: boolean;
  otherNames: readonly string[];
  readOnly: boolean;
  serverError: { field: string; message: string } | null;
  onApply: (entry: Entry) => void;
  onClose: () => void;
}

/** An entry's dialog: a named list's plain one, a rule's on the rule accordion. */
export function KitEntryDialog({
  list,
  rule,
  id,
  named,
  otherNames,
  readOnly,
  serverError,
  onApply,
  onClose,
}: EntryDialogProps) {
  const { fields, noun } = list;
  const initial = useMemo(() => (rule ? formValues(fields, rule) : newEntryValues(fields)), [fields, rule]);
  const validate = (values: FormValues) => entryErrors(fields, values, otherNames, noun);
  const apply = (values: FormValues) => onApply({ ...documentOf(fields, values), id } as Entry);
  const title = ruleDialogTitle(capitalised(noun), rule?.name ?? (rule ? rule.id : null));
  const controls = (form: FormikProps<FormValues>, shown: readonly KitField[]) =>
    kitFieldControls(form, shown, {
      readOnly,
      testIdPrefix: policyEditorIds.formField,
      testIds: { name: webPolicyIds.ruleName },
      serverError,
    });
  return (
    <Formik<FormValues> initialValues={initial} validate={validate} validateOnMount onSubmit={apply}>
      {(form) => {
        if (named)
          return (
            <Dialog
              open
              onClose={onClose}
              maxWidth="sm"
              fullWidth
              aria-labelledby="kit-entry-title"
              data-testid={webPolicyIds.ruleDialog}
            >
              <DialogTitle id="kit-entry-title">{title}</DialogTitle>
              <Box component="form" noValidate onSubmit={form.handleSubmit}>
                <DialogContent>
                  <Stack spacing={2} sx={{ pt: 1 }}>
                    {controls(form, fields)}
                  </Stack>
                </DialogContent>
                <ApplyActions canWrite={!readOnly} valid={form.isValid} onClose={onClose} />
              </Box>
            </Dialog>
          );
        // The rule's own values, then what it matches (its lists), then its comment.
        const matched = fields.filter((f) => f.type === 'lines' || f.type === 'choices');
        const remarks = fields.filter((f) => LONG_TEXT.has(f.path));
        const own = fields.filter(
          (f) => !LONG_TEXT.has(f.path) && f.type !== 'lines' && f.type !== 'choices',
        );
        const panel = (id: string, shown: readonly KitField[]): RuleAccordionPanel => ({
          id,
          title: capitalised(
            shown
              .map((f) => (/^.[A-Z]/.test(f.label) ? f.label : f.label.toLowerCase()))
              .join(', ')
              .replace(/, ([^,]*)$/, ' and $1'),
          ),
          // Optional when nothing in it must be filled in: an empty list matches every value, a
          // default stands until changed.
          optional: shown.every(
            (f) => f.optional || f.initial !== undefined || (f.type === 'lines' && !f.minItems),
          ),
          valid: validFields(
            form,
            shown.map((f) => f.path),
          ),
          content: <Stack spacing={2}>{controls(form, shown)}</Stack>,
        });
        const panels = [
          rulePanel(
            form as unknown as FormikProps<{ name: string }>,
            own.map((f) => f.path),
            controls(form, own),
          ),
          ...(matched.length ? [panel('match', matched)] : []),
          ...(remarks.length ? [panel('comment', remarks)] : []),
        ];
        return (
          <RuleDialogFrame<FormValues>
            title={title}
            testId={webPolicyIds.ruleDialog}
            panels={panels}
            editMode={rule !== null}
            readOnly={readOnly}
            onSubmit={() => form.handleSubmit()}
            validation={{ form, validate }}
            onClose={onClose}
            cancel={{ testId: webPolicyIds.ruleCancel }}
          />
        );
      }}
    </Formik>
  );
}

/** One list of the kind: Add, the table, the open entry's dialog. */
function KitListTable({
  list,
  listId,
  named,
  rows,
  setRows,
  readOnly,
  serverError,
  linkedKey,
  onLinkOpened,
}: {
  list: KitList;
  listId: string;
  named: boolean;
  rows: readonly Entry[];
  setRows: (rows: Entry[]) => void;
  readOnly: boolean;
  serverError: ServerError | null;
  linkedKey: string | null;
  onLinkOpened: () => void;
}) {
  const editing = useRuleEditing(rows, setRows, { linkedKey, onLinkOpened });
  const { noun, fields } = list;
  const nameField = fields.find((f) => f.path === 'name');
  const hasEnabled = fields.some((f) => f.path === 'enabled' && f.type === 'switch');
  const open = editing.editing;
  const openIndex = open?.rule ? rows.findIndex((r) => r.id === open.id) : -1;
  // The refusal's path inside the entry (`users.2`) names the field that holds it (`users`).
  const refused = dialogFieldError(
    listServerError(serverError, list.path),
    openIndex,
    (rest) => fields.find((f) => rest === f.path || rest.startsWith(`${f.path}.`))?.path ?? null,
  );
  const columns: DataTableColumn<Entry>[] = [
    ...(nameField ? [{ name: 'name', header: nameField.label, flex: 1, minWidth: 140 }] : []),
    ...fields
      .filter((f) => f !== nameField && f.path !== 'enabled' && !LONG_TEXT.has(f.path))
      .map((f) => column(f, named)),
    ...(hasEnabled ? [enabledColumn(rows, setRows, readOnly)] : []),
  ];
  const many = plural(noun);
  return (
    <Box>
      <ListHeader
        intro={
          list.ordered
            ? `${capitalised(many)} are checked in order: the first enabled one that matches decides.`
            : `${capitalised(many)} by name; a name is used once.`
        }
        readOnly={readOnly}
        addLabel={<>Add {noun}</>}
        addTestId={`${webPolicyIds.ruleAdd}-${listId}`}
        onAdd={editing.add}
      />
      <RuleTable<Entry>
        label={capitalised(many)}
        rows={rows}
        rowKey={(r) => r.id}
        rowName={(r) => r.name ?? r.id}
        readOnly={readOnly}
        ordered={list.ordered}
        onChange={setRows}
        onEdit={editing.edit}
        emptyText={`No ${many} yet.`}
        columns={columns}
      />
      {open && (
        <KitEntryDialog
          key={open.id}
          list={list}
          rule={open.rule}
          id={open.id}
          named={named}
          otherNames={rows.filter((r) => r.id !== open.id && r.name !== undefined).map((r) => String(r.name))}
          readOnly={readOnly}
          serverError={refused && { field: refused.field, message: refused.message }}
          onApply={editing.apply}
          onClose={editing.close}
        />
      )}
    </Box>
  );
}

/** The kit's section editor of a list kind (throws at once when it cannot draw one of its lists). */
export function kindList<K extends PolicyKind>(kind: K): ComponentType<SectionEditorProps<K>> {
  const layout = kindListLayout(kind);
  const view = policyKindView(kind);
  const named = view.shape === 'named-list';
  const scopes = [...new Set(layout.lists.map((l) => l.scope))];
  const headed = view.shape === 'scoped-rules' || scopes.length > 1;
  function KindList({ editor, doc, onChange, readOnly, linkedKey, onLinkOpened }: SectionEditorProps<K>) {
    const serverError = editorServerError(editor);
    const push = onChange as unknown as (doc: FormValues) => void;
    const fieldsOf = (scope: string) =>
      layout.docFields.filter(
        (f) => scopeOf(f.path) === scope || (scope === '' && !scopes.includes(scopeOf(f.path))),
      );
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        {scopes.map((scope) => {
          const heading = view.scopes?.[scope] ?? capitalised(scope.replace(/[._]/g, ' '));
          const own = fieldsOf(scope);
          return (
            <Box key={scope} component="section" aria-label={headed ? heading : undefined}>
              {headed && (
                <Typography variant="h3" sx={{ mb: 1 }}>
                  {heading}
                </Typography>
              )}
              {own.length > 0 && (
                <Box sx={{ mb: 2 }}>
                  <KitDocumentFields
                    fields={own}
                    doc={doc as object}
                    onChange={push}
                    readOnly={readOnly}
                    serverError={serverError}
                  />
                </Box>
              )}
              {layout.lists
                .filter((l) => l.scope === scope)
                .map((list) => (
                  <KitListTable
                    key={list.path}
                    list={list}
                    listId={
                      headed || layout.lists.length > 1
                        ? `${view.path}-${list.path.replace(/\./g, '-').replace(/-list$/, '')}`
                        : (view.path ?? kind)
                    }
                    named={named}
                    rows={(getIn(doc, list.path) ?? []) as Entry[]}
                    setRows={(rows) => push(setIn(doc as FormValues, list.path, rows))}
                    readOnly={readOnly}
                    serverError={serverError}
                    linkedKey={linkedKey}
                    onLinkOpened={onLinkOpened}
                  />
                ))}
            </Box>
          );
        })}
      </Box>
    );
  }
  KindList.displayName = `KindList(${kind})`;
  return KindList;
}

/** Where a 400 inside one of a list kind's lists points ("Group 2"), for the section's error. */
export function kindListDescribeError(kind: PolicyKind): (path: string) => string | null {
  const { lists } = kindListLayout(kind);
  return (path) => {
    for (const list of lists) {
      const at = pathInList(path, list.path);
      if (at) return `${capitalised(list.noun)} ${at.index + 1}`;
    }
    return null;
  };
}
