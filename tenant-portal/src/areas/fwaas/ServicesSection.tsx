import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { usePolicyDocEditor, type DataTableColumn } from '@workbench/common';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { LoadedEditor } from '../policy/PolicySection';
import { AddEntryButton, FirewallEmpty, FirewallTable } from './FirewallTable';
import { ServiceDialog } from './ServiceDialog';
import { emptyServiceForm, fromServiceForm, toServiceForm, type ServiceFormValues } from './serviceForm';
import {
  PROTOCOL_LABELS,
  newId,
  pathInList,
  removeById,
  rulesUsingService,
  summarize,
  upsertById,
  type FirewallRule,
  type FirewallService,
} from './firewallModel';

/** "Service 2 (DNS)" for a 400 inside the list. */
export function describeServiceError(path: string, doc: { list: readonly FirewallService[] }): string | null {
  const at = pathInList(path);
  if (!at) return null;
  const service = doc.list[at.index];
  return service ? `Service ${at.index + 1} (${service.name})` : `Service ${at.index + 1}`;
}

/**
 * The firewall services (fwaas/services): named protocols and ports that rules refer to by id.
 * Deleting a service that rules use asks first and names those rules.
 */
export function ServicesSection({ editor }: { editor: LoadedEditor<'fwaas/services'> }) {
  const services = editor.draft.list;
  const readOnly = editor.readOnly;
  // Which rules use a service: the rules as the Rules section shows them (its draft).
  const rulesEditor = usePolicyDocEditor('fwaas/rules');
  const rules: readonly FirewallRule[] = rulesEditor.draft?.list ?? [];
  const [editing, setEditing] = useState<{
    mode: 'add' | 'edit' | 'view';
    id: string;
    initial: ServiceFormValues;
  } | null>(null);
  const [deleting, setDeleting] = useState<{ service: FirewallService; usedBy: FirewallRule[] } | null>(null);

  const setServices = (list: FirewallService[]) => editor.edit((doc) => ({ ...doc, list }));
  const add = () => setEditing({ mode: 'add', id: newId(), initial: emptyServiceForm });
  const remove = (service: FirewallService) => {
    const usedBy = rulesUsingService(service.id, rules);
    if (usedBy.length === 0) setServices(removeById(services, service.id));
    else setDeleting({ service, usedBy });
  };

  const errorAt = pathInList(editor.errorPath);
  const columns: DataTableColumn<FirewallService>[] = [
    { name: 'name', header: 'Name', flex: 2, minWidth: 140 },
    { name: 'protocol', header: 'Protocol', minWidth: 100, value: (s) => PROTOCOL_LABELS[s.protocol] },
    { name: 'ports', header: 'Ports', flex: 1.5, minWidth: 120, value: (s) => summarize(s.ports, 'All', 4) },
    { name: 'description', header: 'Description', flex: 2, minWidth: 140, value: (s) => s.description ?? '' },
    {
      name: 'used_by',
      header: 'Used by',
      minWidth: 100,
      value: (s) => {
        const n = rulesUsingService(s.id, rules).length;
        return n === 0 ? 'No rules' : n === 1 ? '1 rule' : `${n} rules`;
      },
    },
  ];

  return (
    <Box>
      {services.length === 0 ? (
        <FirewallEmpty
          section="services"
          text="No firewall services yet: without services, rules match any service"
          addLabel="Add service"
          readOnly={readOnly}
          onAdd={add}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              Services name a protocol and its ports; rules pick them by name.
            </Typography>
            {!readOnly && <AddEntryButton section="services" label="Add service" onClick={add} />}
          </Box>
          <FirewallTable<FirewallService>
            section="services"
            label="Firewall services"
            rows={services}
            columns={columns}
            readOnly={readOnly}
            onEdit={(s) =>
              setEditing({ mode: readOnly ? 'view' : 'edit', id: s.id, initial: toServiceForm(s) })
            }
            onDelete={remove}
            rowState={(s) => (errorAt && services[errorAt.index]?.id === s.id ? 'error' : undefined)}
          />
        </>
      )}
      {editing && (
        <ServiceDialog
          key={editing.id}
          mode={editing.mode}
          initial={editing.initial}
          otherNames={services.filter((s) => s.id !== editing.id).map((s) => s.name)}
          onSave={(values) => {
            setServices(upsertById(services, fromServiceForm(values, editing.id)));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <Dialog
          open
          onClose={() => setDeleting(null)}
          aria-labelledby="fw-delete-title"
          data-testid={firewallIds.deleteDialog}
        >
          <DialogTitle id="fw-delete-title">Delete the service {deleting.service.name}?</DialogTitle>
          <DialogContent>
            <DialogContentText data-testid={firewallIds.deleteUsedBy}>
              {deleting.usedBy.length === 1
                ? 'It is used by the rule '
                : `It is used by ${deleting.usedBy.length} rules: `}
              {deleting.usedBy.map((r) => r.name).join(', ')}.
            </DialogContentText>
            <DialogContentText sx={{ mt: 1.5 }}>
              Those rules will show it as a deleted service until you edit them and choose another one.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)} autoFocus data-testid={firewallIds.deleteCancel}>
              Cancel
            </Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                setServices(removeById(services, deleting.service.id));
                setDeleting(null);
              }}
              data-testid={firewallIds.deleteConfirm}
            >
              Delete
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
