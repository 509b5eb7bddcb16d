import { useMemo, useState } from 'react';
import { Formik } from 'formik';
import { Alert, Dialog, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { DualList, type DualListGroup, type DualListItem } from '@workbench/common';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { VALUES_MAX } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { webPolicyIds } from '@workbench/common/test-ids/webPolicyIds';
import { EMAIL_FORM_MESSAGES, emailKey, listError, nameError, splitValues } from './emailForm';
import { ApplyActions } from '../kit/ApplyActions';
import { formFields, messageAsIs } from '../formFields';

export type UsersList = PolicyData<'safemail/smtp_users'>['usersLists'][number];

/** A directory user as the smtp_users reference gives it. */
export interface MailUser {
  email: string;
  name: string;
  groups: readonly string[];
}

const NO_GROUP = 'Users in no group';

interface Values {
  name: string;
  picked: DualListItem[];
  /** Addresses outside the directory, one per line. */
  others: string;
}

/**
 * A list of protected mailboxes (docs/policy.md §3 safemail/smtp_users usersLists): directory users
 * picked by group in the shared dual list (GET /smtp_users, /smtp_groups), plus addresses outside
 * the directory typed one per line. An address is kept once, however it was picked.
 */
export function UsersListDialog({
  list,
  newId,
  users,
  groupNames,
  directoryNote,
  canWrite,
  onApply,
  onClose,
}: {
  list: UsersList | null;
  newId: string;
  users: readonly MailUser[];
  groupNames: readonly string[];
  /** Why the directory is not offered (still loading, or its read failed), or null. */
  directoryNote: string | null;
  canWrite: boolean;
  onApply: (list: UsersList) => void;
  onClose: () => void;
}) {
  const groups = useMemo<DualListGroup[]>(() => {
    const byGroup = groupNames.map((g) => ({
      title: g,
      items: users.filter((u) => u.groups.includes(g)).map((u) => ({ name: u.email, description: u.name })),
    }));
    const loose = users.filter((u) => !u.groups.some((g) => groupNames.includes(g)));
    return [
      ...byGroup.filter((g) => g.items.length > 0),
      ...(loose.length
        ? [{ title: NO_GROUP, items: loose.map((u) => ({ name: u.email, description: u.name })) }]
        : []),
    ];
  }, [users, groupNames]);
  const [initialValues] = useState<Values>(() => {
    const known = new Map(
      groups.flatMap((g) => g.items.map((i) => [i.name, { ...i, category: g.title }] as const)),
    );
    const picked: DualListItem[] = [];
    const others: string[] = [];
    for (const email of list?.users ?? []) {
      const item = known.get(email);
      if (item) picked.push(item);
      else others.push(email);
    }
    return { name: list?.name ?? '', picked, others: others.join('\n') };
  });
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="users-list-title"
      data-testid={webPolicyIds.ruleDialog}
    >
      <Formik<Values>
        initialValues={initialValues}
        validateOnMount
        validate={(v) => {
          const errors: Partial<Record<keyof Values, string>> = {};
          const name = nameError(v.name);
          if (name) errors.name = name;
          const others = listError(v.others, emailKey);
          if (others) errors.others = others;
          else if (new Set([...v.picked.map((i) => i.name), ...splitValues(v.others)]).size > VALUES_MAX)
            errors.others = EMAIL_FORM_MESSAGES.tooMany;
          return errors;
        }}
        onSubmit={(v) => {
          const users = [...new Set([...v.picked.map((i) => i.name), ...splitValues(v.others)])];
          onApply({ id: list?.id ?? newId, name: v.name, users });
        }}
      >
        {(form) => {
          const { field, choiceField } = formFields(form, { readOnly: false, message: messageAsIs });
          return (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                form.handleSubmit();
              }}
            >
              <DialogTitle id="users-list-title">
                {list ? `Users list: ${list.name}` : 'New users list'}
              </DialogTitle>
              <DialogContent>
                <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                  <Stack spacing={2} sx={{ pt: 1 }}>
                    <TextField {...field('name', 'Name')} required />
                    <Typography variant="subtitle2" component="p">
                      Directory users, by group
                    </Typography>
                    {directoryNote && <Alert severity="info">{directoryNote}</Alert>}
                    <DualList
                      groups={groups}
                      {...choiceField<DualListItem[]>('picked')}
                      allowEmpty
                      availableTitle="Directory"
                      selectedTitle="In this list"
                    />
                    <TextField {...field('others', 'Other addresses (one per line)')} multiline minRows={2} />
                  </Stack>
                </fieldset>
              </DialogContent>
              <ApplyActions canWrite={canWrite} valid={form.isValid} onClose={onClose} />
            </form>
          );
        }}
      </Formik>
    </Dialog>
  );
}
