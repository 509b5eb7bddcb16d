import { Stack } from '@mui/material';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import { useEntityCall } from '../policyRequests';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { lines } from '../web/listEdits';
import { AccordionFormDialog, FormText, validFields } from './AccordionFormDialog';
import { ListSection } from './ListSection';
import {
  domainListFrom,
  domainListSchema,
  domainListValues,
  type DomainList,
  type DomainListValues,
} from './casbForms';

/**
 * Unsanctioned domain lists (docs/policy.md §4 POST validate_ddl_domains; the reports'
 * is_casb_ddl): domains treated as unsanctioned apps though the catalogue names no app for them.
 * Kept in the casb/profiles document beside the profiles (saved with them). Apply asks the server
 * to check the list and shows each refused line with the server's reason.
 */
export function DomainListsSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onOpenRule,
}: SectionEditorProps<'casb/profiles'>) {
  const validateDdlDomains = useEntityCall('validateDdlDomains');
  const list = doc.domain_lists ?? [];
  return (
    <ListSection<DomainList>
      label="Unsanctioned domain lists"
      intro="Requests to these domains count as unsanctioned cloud-app use (reports show them as on a domain list). Each list is checked by the server before it is applied."
      addLabel="Add list"
      addTestId={`${casbPolicyIds.add}-domain-lists`}
      rows={list}
      onChange={(next) => onChange({ ...doc, domain_lists: next })}
      readOnly={readOnly}
      emptyText="No unsanctioned domain lists yet."
      linkedKey={linkedKey}
      onOpenRule={onOpenRule}
      columns={[
        { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
        {
          name: 'domains',
          header: 'Domains',
          flex: 3,
          minWidth: 160,
          value: (l) =>
            l.domains.length <= 3
              ? l.domains.join(', ')
              : `${l.domains.slice(0, 3).join(', ')} +${l.domains.length - 3}`,
        },
        { name: 'ddl_url', header: 'Published at', flex: 2, minWidth: 140, value: (l) => l.ddl_url ?? '—' },
      ]}
      dialog={({ entry, newId, canWrite, onApply, onClose }) => (
        <AccordionFormDialog<DomainListValues>
          title={entry ? `Domain list: ${entry.name}` : 'New domain list'}
          initialValues={domainListValues(entry)}
          schema={domainListSchema(list.filter((l) => l.id !== entry?.id).map((l) => l.name))}
          isNew={entry === null}
          canWrite={canWrite}
          onClose={onClose}
          onApply={async (v) => {
            const domains = lines(v.domains);
            try {
              const check = await validateDdlDomains({
                domains,
                ...(v.ddl_url.trim() ? { ddlUrl: v.ddl_url.trim() } : {}),
              });
              if (check.invalid.length > 0) {
                const first = check.invalid[0];
                const more = check.invalid.length > 1 ? ` (${check.invalid.length - 1} more refused)` : '';
                return { domains: `Line ${first.index + 1} (${first.domain}): ${first.message}${more}` };
              }
            } catch (error) {
              return { domains: error instanceof Error ? error.message : String(error) };
            }
            onApply(domainListFrom(v, entry?.id ?? newId));
          }}
          panels={(form) => [
            {
              id: 'list',
              title: 'Domain list',
              summary: form.values.name,
              valid: validFields(form, ['name', 'domains', 'ddl_url', 'comment']),
              content: (
                <Stack spacing={2}>
                  <FormText form={form} name="name" label="Name" required />
                  <FormText
                    form={form}
                    name="domains"
                    label="Domains (one per line; *.example.com covers its subdomains)"
                    lines={4}
                  />
                  <FormText form={form} name="ddl_url" label="Published at (optional https URL)" />
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
