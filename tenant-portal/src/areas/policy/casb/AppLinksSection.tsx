import { MenuItem, Stack, TextField } from '@mui/material';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { AccordionFormDialog, FormText, casbFields, validFields } from './AccordionFormDialog';
import { ListSection } from './ListSection';
import { appLinkFrom, appLinkSchema, appLinkValues, type AppLink, type AppLinkValues } from './casbForms';
import { useCloudApps } from './useCloudApps';

/**
 * App links (docs/policy.md §5 /api/policy/v3/profiles/app_links/{rev}): more domains that
 * belong to a catalogue app (a company's own Box or Slack domain, a regional endpoint), so the
 * profiles and rules of that app cover them too.
 */
export function AppLinksSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'profiles/app_links'>) {
  const { apps } = useCloudApps();
  const appName = (id: string) => apps.find((a) => a.id === id)?.name ?? id;
  return (
    <ListSection<AppLink>
      label="App links"
      intro="Domains that belong to an app beyond the ones the catalogue knows: the app's profiles and rules cover them too."
      addLabel="Add link"
      addTestId={`${casbPolicyIds.add}-app-links`}
      rows={doc.list}
      onChange={(list) => onChange({ ...doc, list })}
      readOnly={readOnly}
      emptyText="No app links yet."
      linkedKey={linkedKey}
      onOpenRule={onOpenRule}
      columns={[
        { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
        { name: 'app', header: 'App', flex: 1, minWidth: 120, value: (l) => appName(l.app_id) },
        { name: 'domains', header: 'Domains', flex: 3, minWidth: 160, value: (l) => l.domains.join(', ') },
      ]}
      dialog={({ entry, newId, canWrite, onApply, onClose }) => (
        <AccordionFormDialog<AppLinkValues>
          title={entry ? `App link: ${entry.name}` : 'New app link'}
          initialValues={appLinkValues(entry)}
          schema={appLinkSchema}
          isNew={entry === null}
          canWrite={canWrite}
          onClose={onClose}
          onApply={(v) => onApply(appLinkFrom(v, entry?.id ?? newId))}
          panels={(form) => [
            {
              id: 'link',
              title: 'Link',
              summary: form.values.name,
              valid: validFields(form, ['name', 'app_id', 'domains', 'comment']),
              content: (
                <Stack spacing={2}>
                  <FormText form={form} name="name" label="Name" required />
                  <TextField select {...casbFields(form).field('app_id', 'App')}>
                    {apps.map((a) => (
                      <MenuItem key={a.id} value={a.id}>
                        {a.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  <FormText
                    form={form}
                    name="domains"
                    label="Domains (one per line; *.example.com covers its subdomains)"
                    lines={3}
                  />
                  <FormText form={form} name="comment" label="Comment" lines={2} />
                </Stack>
              ),
            },
          ]}
        />
      )}
    />
  );
}
