import { useMemo, type ReactNode } from 'react';
import { useFormik, type FormikValues } from 'formik';
import { Box, List, ListItem, ListItemText } from '@mui/material';
import { DualList, type DualListItem } from '@workbench/common';
import type { AnyObjectSchema } from 'yup';
import { formFields } from '../formFields';

/** What a dialog of a named list's entry (a rule, a service, a feed) is opened for. */
export type EntryMode = 'add' | 'edit' | 'duplicate' | 'view';

/**
 * The dialog's title by mode: "Add service", "Edit service: Web", "Duplicate rule", "Service: Web".
 * Without a name, the mode alone (the form's accessible name).
 */
export function modeTitle(mode: EntryMode, noun: string, name?: string): string {
  const base = {
    add: `Add ${noun}`,
    edit: `Edit ${noun}`,
    duplicate: `Duplicate ${noun}`,
    view: noun[0].toUpperCase() + noun.slice(1),
  }[mode];
  return name !== undefined && (mode === 'edit' || mode === 'view') ? `${base}: ${name}` : base;
}

/** What a list's entry dialog is given: its mode, the entry's form values, the other names. */
export interface EntryDialogProps<V, M extends EntryMode = EntryMode> {
  mode: M;
  initial: V;
  /** Names of the list's other entries (a name is unique in the list). */
  otherNames: readonly string[];
  onSave: (values: V) => void;
  onClose: () => void;
}

/**
 * The Formik form of an entry's dialog (issue 32 point 1: the firewall's and private access's
 * dialogs each set it up alike): the schema of the list's other names, the form, the fields'
 * bindings (formFields.tsx) and whether a panel's fields are valid. Readers (`view`) see it all
 * disabled.
 */
export function useEntryForm<V extends FormikValues>({
  mode,
  initial,
  otherNames,
  schemaOf,
  onSave,
  testIdPrefix,
  message,
  validateOnMount = false,
}: {
  mode: EntryMode;
  initial: V;
  /** Names of the list's other entries (a name is unique in the list). */
  otherNames: readonly string[];
  /** The form's yup schema given the other names (a module-level function). */
  schemaOf: (otherNames: readonly string[]) => AnyObjectSchema;
  onSave: (values: V) => void;
  testIdPrefix: string;
  message: (error: unknown) => string | undefined;
  /** Panels of a rule accordion show their validity before any field is touched. */
  validateOnMount?: boolean;
}) {
  const readOnly = mode === 'view';
  const schema = useMemo(() => schemaOf(otherNames), [schemaOf, otherNames]);
  const formik = useFormik<V>({
    initialValues: initial,
    validationSchema: schema,
    validateOnMount,
    onSubmit: (values) => onSave(values),
  });
  const panelValid = (fields: ReadonlyArray<keyof V>) => fields.every((f) => !formik.errors[f]);
  return { readOnly, schema, formik, panelValid, ...formFields(formik, { readOnly, testIdPrefix, message }) };
}

export interface PickedOption {
  id: string;
  name: string;
  /** Shown under the name in the available list. */
  description: string;
}

/**
 * A rule's picks from another list of the document (the firewall rule's services, the access
 * rule's applications): the dual list by name for writers, the names for readers. A pick whose
 * entry was deleted shows by `nameOf` (its id) until removed.
 */
export function PickerPanel({
  readOnly,
  ids,
  options,
  nameOf,
  group,
  listLabel,
  noneText,
  onChange,
  availableTitle,
  selectedTitle,
  footer,
}: {
  readOnly: boolean;
  ids: readonly string[];
  options: readonly PickedOption[];
  nameOf: (id: string) => string;
  /** The dual list's group title ("Services"). */
  group: string;
  /** The readers' list's accessible name. */
  listLabel: string;
  /** The readers' line when nothing is picked (none: an empty list). */
  noneText?: string;
  onChange: (ids: string[]) => void;
  availableTitle: string;
  selectedTitle: string;
  /** Under the dual list (a hint, or the field's error). */
  footer: ReactNode;
}) {
  if (readOnly)
    return (
      <List dense aria-label={listLabel}>
        {ids.length === 0 && noneText ? (
          <ListItem>
            <ListItemText primary={noneText} />
          </ListItem>
        ) : (
          ids.map((id) => (
            <ListItem key={id}>
              <ListItemText primary={nameOf(id)} />
            </ListItem>
          ))
        )}
      </List>
    );
  // The dual list works by name: the options' names, and a deleted pick's by its id.
  const idByName = new Map<string, string>();
  for (const o of options) if (!idByName.has(o.name)) idByName.set(o.name, o.id);
  for (const id of ids) idByName.set(nameOf(id), id);
  const selected: DualListItem[] = ids.map((id) => ({ name: nameOf(id), category: group }));
  return (
    <Box>
      <DualList
        groups={[{ title: group, items: options.map((o) => ({ name: o.name, description: o.description })) }]}
        value={selected}
        onChange={(next) => onChange(next.flatMap((item) => idByName.get(item.name) ?? []))}
        allowEmpty
        availableTitle={availableTitle}
        selectedTitle={selectedTitle}
      />
      {footer}
    </Box>
  );
}
