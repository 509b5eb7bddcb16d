import { useMemo, useState } from 'react';
import { Formik } from 'formik';
import { Box, Button, Stack, Tab, Tabs, TextField, Typography, useTheme } from '@mui/material';
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_LABELS,
  NOTIFICATION_TITLE_MAX,
} from '@workbench/common/api/contract/policy-kinds/customizationKinds';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { email, noLeadingTrailingSpaces, publicHttpUrl } from '@workbench/common/validators/index';
import { customizationIds } from '@workbench/common/test-ids/dlpIds';
import type { SectionEditorProps } from '../policy/PolicyFamilyPage';
import { formFields, messageAsIs } from '../policy/formFields';
import { PREVIEW_DETAILS, PRODUCT_TEXT, type CustomizationKind } from './customizationSections';
import { previewDocument } from './notificationPreview';

type Doc = PolicyData<CustomizationKind>;
type PageEntry = Doc['list'][number];

interface PageValues {
  enabled: boolean;
  title: string;
  message: string;
  logo_url: string;
  contact_email: string;
}

/** The form's values for a page: its entry, or the product's text while it has none. */
export const pageValues = (page: string, entry: PageEntry | undefined): PageValues => ({
  enabled: entry?.enabled ?? false,
  title: entry?.title ?? PRODUCT_TEXT[page]?.title ?? '',
  message: entry?.message ?? PRODUCT_TEXT[page]?.message ?? '',
  logo_url: entry?.logo_url ?? '',
  contact_email: entry?.contact_email ?? '',
});

/** The error text of each field, or none (shared validators; the registry's bounds). */
export function validatePage(v: PageValues): Partial<Record<keyof PageValues, string>> {
  const errors: Partial<Record<keyof PageValues, string>> = {};
  const text = (field: 'title' | 'message', max: number) => {
    const value = v[field];
    if (value.trim() === '') errors[field] = 'Required.';
    else if (value.length > max) errors[field] = `At most ${max} characters.`;
    else if (field === 'title' && noLeadingTrailingSpaces(value))
      errors[field] = 'No spaces at the start or end.';
  };
  text('title', NOTIFICATION_TITLE_MAX);
  text('message', NOTIFICATION_MESSAGE_MAX);
  if (v.logo_url && publicHttpUrl(v.logo_url))
    errors.logo_url = 'Enter an address starting with http:// or https://.';
  if (v.contact_email && email(v.contact_email))
    errors.contact_email = 'Enter an e-mail address like name@example.com.';
  return errors;
}

const entryOf = (page: string, v: PageValues): PageEntry =>
  ({
    page,
    enabled: v.enabled,
    title: v.title,
    message: v.message,
    ...(v.logo_url ? { logo_url: v.logo_url.trim() } : {}),
    ...(v.contact_email ? { contact_email: v.contact_email.trim() } : {}),
  }) as PageEntry;

/**
 * One customization document's notification pages (docs/policy.md §3 customization/web|email|dlp):
 * a tab per page, its form beside a live preview of what the end user sees. Apply puts the page
 * in the section's draft; the section's Save stores it.
 */
export function notificationPagesEditor(area: 'web' | 'email' | 'dlp', pages: readonly string[]) {
  return function NotificationPagesSection({
    doc,
    onChange,
    readOnly,
  }: SectionEditorProps<CustomizationKind>) {
    const [page, setPage] = useState(pages[0]);
    const entry = doc.list.find((e) => e.page === page);
    const initial = useMemo(() => pageValues(page, entry), [page, entry]);
    const dark = useTheme().palette.mode === 'dark';
    const label = NOTIFICATION_PAGE_LABELS[page] ?? page;
    return (
      <Box>
        <Tabs
          value={page}
          onChange={(_e, next: string) => setPage(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Notification pages"
          sx={{ mb: 2 }}
        >
          {pages.map((p) => (
            <Tab
              key={p}
              value={p}
              label={`${NOTIFICATION_PAGE_LABELS[p] ?? p}${doc.list.some((e) => e.page === p && e.enabled) ? ' (customized)' : ''}`}
              data-testid={`${customizationIds.pageTab}-${p}`}
            />
          ))}
        </Tabs>
        <Formik<PageValues>
          key={page}
          initialValues={initial}
          enableReinitialize
          validate={validatePage}
          validateOnMount
          onSubmit={(values) => {
            const next = entryOf(page, values);
            const list = entry ? doc.list.map((e) => (e.page === page ? next : e)) : [...doc.list, next];
            onChange({ list } as Doc);
          }}
        >
          {(form) => {
            const bound = formFields(form, {
              readOnly,
              testIdPrefix: customizationIds.field,
              message: messageAsIs,
            });
            const field = (
              name: 'title' | 'message' | 'logo_url' | 'contact_email',
              text: string,
              extra: object = {},
            ) => <TextField {...bound.field(name, text)} {...extra} />;
            return (
              <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                <Box
                  component="form"
                  noValidate
                  onSubmit={(e) => {
                    e.preventDefault();
                    form.handleSubmit();
                  }}
                  sx={{ flex: '1 1 320px', minWidth: 280 }}
                  aria-label={`${label} text`}
                >
                  <Stack spacing={2}>
                    {bound.switchField('enabled', "Show this text instead of the product's page")}
                    {field('title', 'Title', { required: true })}
                    {field('message', 'Message (a blank line starts a new paragraph)', {
                      required: true,
                      multiline: true,
                      minRows: 4,
                    })}
                    {field('logo_url', 'Logo address (https://…)')}
                    {field('contact_email', 'Contact e-mail address')}
                    {!readOnly && (
                      <Box>
                        <Button
                          type="submit"
                          variant="contained"
                          disabled={!form.isValid || !form.dirty}
                          data-testid={customizationIds.apply}
                        >
                          Apply
                        </Button>
                        <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 2 }}>
                          Apply puts the page in the draft; Save stores it.
                        </Typography>
                      </Box>
                    )}
                  </Stack>
                </Box>
                <Box sx={{ flex: '1 1 360px', minWidth: 280 }}>
                  <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                    Preview{form.values.enabled ? '' : ' (not in use: users see the product’s page)'}
                  </Typography>
                  <Box
                    component="iframe"
                    title={`Preview of the ${label.toLowerCase()}`}
                    // Empty sandbox: no scripts, forms or same-origin access (notificationPreview.ts).
                    sandbox=""
                    srcDoc={previewDocument(form.values, {
                      pageLabel: label,
                      details: PREVIEW_DETAILS[area],
                      dark,
                    })}
                    data-testid={customizationIds.preview}
                    sx={{ width: '100%', height: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}
                  />
                </Box>
              </Box>
            );
          }}
        </Formik>
      </Box>
    );
  };
}
