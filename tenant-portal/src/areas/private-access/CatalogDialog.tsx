import { useMemo } from 'react';
import { useFormik } from 'formik';
import { Autocomplete, Box, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { DualList } from '@workbench/common';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { EntryDialog } from '../fwaas/EntryDialog';
import {
  APPS_GROUP,
  appName,
  appTarget,
  applicationPick,
  clusterName,
  type Cluster,
  type PrivateApp,
} from './privateAccessModel';
import { catalogSchema, paMessage, type CatalogFormValues } from './privateAccessForms';
import { formFields } from '../policy/formFields';

/**
 * Add, edit or view an application catalog: the applications the user portal lists under it
 * (the dual list, from the Applications tab) and the connector clusters that publish it (from the
 * Connector clusters tab). A deleted application or cluster shows as such until removed.
 */
export function CatalogDialog({
  mode,
  initial,
  otherNames,
  applications,
  clusters,
  onSave,
  onClose,
}: {
  mode: 'add' | 'edit' | 'view';
  initial: CatalogFormValues;
  otherNames: readonly string[];
  applications: readonly PrivateApp[];
  clusters: readonly Cluster[];
  onSave: (values: CatalogFormValues) => void;
  onClose: () => void;
}) {
  const readOnly = mode === 'view';
  const schema = useMemo(() => catalogSchema(otherNames), [otherNames]);
  const formik = useFormik<CatalogFormValues>({
    initialValues: initial,
    validationSchema: schema,
    onSubmit: onSave,
  });
  const { values } = formik;
  const { errorOf, field, choiceField, autocompleteField } = formFields(formik, {
    readOnly,
    testIdPrefix: privateAccessIds.field,
    message: paMessage,
  });

  const catalogApps = choiceField<CatalogFormValues['applications']>('applications');
  const { idByName, selected } = applicationPick(catalogApps.value, applications);
  // The clusters to pick from, and any the catalog names that were deleted (shown, removable).
  const clusterOptions = [
    ...clusters.map((c) => c.id),
    ...values.clusters.filter((id) => !clusters.some((c) => c.id === id)),
  ];

  return (
    <EntryDialog
      title={
        mode === 'add'
          ? 'Add catalog'
          : mode === 'edit'
            ? `Edit catalog: ${initial.name}`
            : `Catalog: ${initial.name}`
      }
      testId={privateAccessIds.catalogDialog}
      readOnly={readOnly}
      applyLabel={mode === 'add' ? 'Add to catalogs' : 'Apply'}
      canApply={!formik.isSubmitting}
      onSubmit={formik.handleSubmit}
      onClose={onClose}
    >
      <TextField {...field('name', 'Name')} required autoFocus={!readOnly} />
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Applications
        </Typography>
        {readOnly ? (
          <List dense aria-label="Applications of the catalog">
            {values.applications.length === 0 ? (
              <ListItem>
                <ListItemText primary="None" />
              </ListItem>
            ) : (
              values.applications.map((id) => (
                <ListItem key={id}>
                  <ListItemText primary={appName(id, applications)} />
                </ListItem>
              ))
            )}
          </List>
        ) : (
          <DualList
            groups={[
              {
                title: APPS_GROUP,
                items: applications.map((a) => ({ name: a.name, description: appTarget(a) })),
              },
            ]}
            value={selected}
            onChange={(next) => catalogApps.onChange(next.flatMap((item) => idByName.get(item.name) ?? []))}
            allowEmpty
            availableTitle="Available applications"
            selectedTitle="Applications of the catalog"
          />
        )}
      </Box>
      <Autocomplete
        multiple
        options={clusterOptions}
        getOptionLabel={(id) => clusterName(id, clusters)}
        getOptionDisabled={(id) => !clusters.some((c) => c.id === id)}
        {...autocompleteField<CatalogFormValues['clusters']>('clusters')}
        filterSelectedOptions
        renderInput={(params) => (
          <TextField
            {...params}
            label="Connector clusters"
            error={Boolean(errorOf('clusters'))}
            helperText={
              errorOf('clusters') ??
              (clusters.length === 0
                ? 'No clusters yet: add them in the Connector clusters tab.'
                : 'The clusters that publish the catalog to the user portal.')
            }
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'data-testid': `${privateAccessIds.field}-clusters`,
              },
            }}
          />
        )}
      />
      <TextField
        {...field('description', 'Description', 'Optional: shown to users in the portal.')}
        multiline
        minRows={2}
      />
    </EntryDialog>
  );
}
