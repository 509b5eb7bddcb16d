import { MenuItem, Stack, TextField } from '@mui/material';
import { CASB_PROFILE_TYPES, vocabularyLabel } from '@workbench/common/vocabularies/index';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { AccordionFormDialog, AppPicker, FormText, casbFields, validFields } from './AccordionFormDialog';
import { ListSection } from './ListSection';
import { profileFrom, profileSchema, profileValues, type Profile, type ProfileValues } from './casbForms';
import { useCloudApps } from './useCloudApps';

/**
 * Cloud app profiles (docs/policy.md §3 profiles.list; docs/glossary.md §2 casb profile type): apps
 * sorted into sanctioned, unsanctioned and unclassified, with the tenant's own instances (login
 * domains) that stay allowed. App rules name a profile; the order of profiles does not matter.
 */
export function ProfilesSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'casb/profiles'>) {
  const { apps } = useCloudApps();
  const appName = (id: string) => apps.find((a) => a.id === id)?.name ?? id;
  const list = doc.profiles.list;
  return (
    <ListSection<Profile>
      label="Cloud app profiles"
      intro="A profile sorts apps into sanctioned, unsanctioned or unclassified; app rules apply to a profile's apps."
      addLabel="Add profile"
      addTestId={`${casbPolicyIds.add}-profiles`}
      rows={list}
      onChange={(next) => onChange({ ...doc, profiles: { list: next } })}
      readOnly={readOnly}
      emptyText="No profiles yet."
      linkedKey={linkedKey}
      onOpenRule={onOpenRule}
      columns={[
        { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
        {
          name: 'type',
          header: 'Type',
          minWidth: 120,
          value: (p) => vocabularyLabel(CASB_PROFILE_TYPES, p.type),
        },
        {
          name: 'apps',
          header: 'Apps',
          flex: 3,
          minWidth: 160,
          value: (p) => p.apps.map(appName).join(', '),
        },
        {
          name: 'tenant_restrictions',
          header: 'Company instances',
          flex: 2,
          minWidth: 140,
          value: (p) => p.tenant_restrictions.join(', ') || '—',
        },
      ]}
      dialog={({ entry, newId, canWrite, onApply, onClose }) => (
        <AccordionFormDialog<ProfileValues>
          title={entry ? `Profile: ${entry.name}` : 'New profile'}
          initialValues={profileValues(entry)}
          schema={profileSchema(list.filter((p) => p.id !== entry?.id).map((p) => p.name))}
          isNew={entry === null}
          canWrite={canWrite}
          onClose={onClose}
          onApply={(v) => onApply(profileFrom(v, entry?.id ?? newId))}
          panels={(form) => [
            {
              id: 'profile',
              title: 'Profile',
              summary: form.values.name,
              valid: validFields(form, ['name', 'type', 'description']),
              content: (
                <Stack spacing={2}>
                  <FormText form={form} name="name" label="Name" required />
                  <TextField select {...casbFields(form).field('type', 'Type')}>
                    {CASB_PROFILE_TYPES.map((t) => (
                      <MenuItem key={t.code} value={t.code}>
                        {t.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <FormText form={form} name="description" label="Description" lines={2} />
                </Stack>
              ),
            },
            {
              id: 'apps',
              title: 'Apps and company instances',
              summary: form.values.apps.map(appName).join(', '),
              valid: validFields(form, ['apps', 'tenant_restrictions']),
              content: (
                <Stack spacing={2}>
                  <AppPicker form={form} name="apps" label="Apps" apps={apps} />
                  <FormText
                    form={form}
                    name="tenant_restrictions"
                    label="Company instances that stay allowed (one login domain per line)"
                    lines={2}
                  />
                </Stack>
              ),
            },
          ]}
        />
      )}
    />
  );
}
