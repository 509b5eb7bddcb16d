/**
 * A registry row's sub-resource list (a licence key's key features or key SKUs: docs/provider-console.md §4), read and replaced whole in a dialog. The form is the tenant documents' (DocumentForm) over
 * the sub-resource's item schema, so the browser checks what the server checks; the item key is
 * unique in the list. Each item's computed licence state is shown beside the form. Support staff
 * see the list and no Save.
 */
import { useState } from 'react';
import { Type } from 'typebox';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import type { EntitySubResourceDef, ProviderEntity } from '@workbench/common/api/contract/providerEntities';
import type { TenantDocumentDef } from '@workbench/common/api/contract/providerTenants';
import type { LicenceState } from '@workbench/common/api/contract/providerOps';
import { entityPageIds } from '@workbench/common/test-ids/index';
import { useEntityCall, useEntityRead } from '../app/consoleEntities';
import { DocumentForm } from '../tenants/DocumentEditor';
import { LicenceStateBadge } from './LicenceStateBadge';

/** The list as a one-field document, its items keyed as the server keys them. */
export const subResourceDocument = (sub: EntitySubResourceDef): TenantDocumentDef => ({
  title: sub.title,
  schema: Type.Object(
    { [sub.name]: Type.Array(sub.item, { maxItems: 200, title: sub.title }) },
    { additionalProperties: false },
  ),
  defaults: { [sub.name]: [] },
  keys: { [sub.name]: sub.itemKey },
});

export function SubResourceDialog(props: {
  entity: ProviderEntity;
  id: string;
  sub: EntitySubResourceDef;
  canWrite: boolean;
  onClose(): void;
}) {
  const { entity, id, sub, canWrite, onClose } = props;
  const dispatch = useAppDispatch();
  const items = useEntityRead('getEntityItems', [entity, id, sub.name]);
  const putItems = useEntityCall('putEntityItems');
  // The server's answer to a save is the list now, with each item's state (no reload, no flash).
  const [saved, setSaved] = useState<Record<string, unknown>[] | null>(null);
  const current = saved ?? items.data;
  const testId = `${entityPageIds(entity).page}-${sub.name}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={`${testId}-title`}>
      <DialogTitle id={`${testId}-title`}>
        {sub.title} of {id}
      </DialogTitle>
      <DialogContent data-testid={testId}>
        {items.error && <Typography color="error">{items.error.message}</Typography>}
        {current?.some((i) => typeof i.license_state === 'string') && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            {current.map((i) => (
              <Box key={String(i[sub.itemKey])} sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                <Typography variant="body2">{String(i[sub.itemKey])}:</Typography>
                <LicenceStateBadge state={i.license_state as LicenceState} />
              </Box>
            ))}
          </Stack>
        )}
        <DocumentForm
          def={subResourceDocument(sub)}
          doc={current ? { [sub.name]: current } : null}
          canWrite={canWrite}
          testId={testId}
          saveLabel="Save"
          save={async (body) => {
            setSaved(await putItems(entity, id, sub.name, body[sub.name] as Record<string, unknown>[]));
            dispatch(
              snackbarShown({
                kind: 'save',
                outcome: 'success',
                message: `The ${sub.title.toLowerCase()} of ${id} have been saved.`,
              }),
            );
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
