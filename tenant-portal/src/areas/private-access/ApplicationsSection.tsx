import { useState } from 'react';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { Box, Tooltip, Typography } from '@mui/material';
import { usePolicyDocEditor, type DataTableColumn } from '@workbench/common';
import type { SectionEditorProps } from '../policy/PolicyFamilyPage';
import { pathInList } from '../policy/web/listEdits';
import { AddEntryButton, FirewallEmpty, FirewallTable } from '../fwaas/FirewallTable';
import { newId, removeById, upsertById } from '../fwaas/firewallModel';
import { ApplicationDialog } from './ApplicationDialog';
import { DeleteUsedDialog, namedList, usedByText } from './DeleteUsedDialog';
import { emptyAppForm, fromAppForm, toAppForm, type AppFormValues } from './privateAccessForms';
import {
  appTarget,
  catalogsUsingApp,
  clusterMissing,
  clusterName,
  rulesUsingApp,
  type Catalog,
  type Cluster,
  type PrivateApp,
} from './privateAccessModel';

/**
 * The private applications (mpa/access_rules, its applications list: saved with the access rules,
 * update_access_policy_application). Each names the connector cluster that reaches it. Deleting an
 * application that rules or catalogs name asks first and names them.
 */
export function ApplicationsSection({
  editor,
  doc,
  onChange,
  readOnly,
}: SectionEditorProps<'mpa/access_rules'>) {
  const apps = doc.applications;
  // The clusters and catalogs as their tabs show them (their drafts).
  const clusters: readonly Cluster[] = usePolicyDocEditor('mpa/app_connector_clusters').draft?.list ?? [];
  const catalogs: readonly Catalog[] = usePolicyDocEditor('mpa/app_catalogs').draft?.list ?? [];
  const [editing, setEditing] = useState<{
    mode: 'add' | 'edit' | 'view';
    id: string;
    initial: AppFormValues;
  } | null>(null);
  const [deleting, setDeleting] = useState<{ app: PrivateApp; usedBy: string } | null>(null);

  const setApps = (applications: PrivateApp[]) => onChange({ ...doc, applications });
  const add = () => setEditing({ mode: 'add', id: newId(), initial: emptyAppForm });
  const remove = (app: PrivateApp) => {
    const rules = rulesUsingApp(app.id, doc.access_rules).map((r) => r.name);
    const cats = catalogsUsingApp(app.id, catalogs).map((c) => c.name);
    if (rules.length + cats.length === 0) setApps(removeById(apps, app.id));
    else
      setDeleting({
        app,
        usedBy: usedByText([
          namedList('access rule', 'access rules', rules),
          namedList('catalog', 'catalogs', cats),
        ]),
      });
  };

  const errorAt = pathInList(editor.errorPath, 'applications');
  const usedBy = (a: PrivateApp) => {
    const r = rulesUsingApp(a.id, doc.access_rules).length;
    const c = catalogsUsingApp(a.id, catalogs).length;
    if (r + c === 0) return 'Nothing';
    return [r ? `${r} rule${r === 1 ? '' : 's'}` : '', c ? `${c} catalog${c === 1 ? '' : 's'}` : '']
      .filter(Boolean)
      .join(', ');
  };
  const columns: DataTableColumn<PrivateApp>[] = [
    { name: 'name', header: 'Name', flex: 1.5, minWidth: 120 },
    { name: 'target', header: 'Domains, addresses and ports', flex: 3, minWidth: 180, value: appTarget },
    {
      name: 'cluster',
      header: 'Connector cluster',
      flex: 1.5,
      minWidth: 130,
      value: (a) => clusterName(a.cluster_id, clusters),
      render: (a) =>
        clusterMissing(a.cluster_id, clusters) ? (
          <Tooltip title="This cluster was deleted in the Connector clusters tab: edit the application and pick another one.">
            <Typography component="span" variant="body2" color="warning.main">
              {clusterName(a.cluster_id, clusters)}
            </Typography>
          </Tooltip>
        ) : (
          clusterName(a.cluster_id, clusters)
        ),
    },
    { name: 'used_by', header: 'Used by', minWidth: 110, value: usedBy },
  ];

  return (
    <Box>
      {apps.length === 0 ? (
        <FirewallEmpty
          section="applications"
          text="No private applications yet"
          addLabel="Add application"
          readOnly={readOnly}
          onAdd={add}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              Applications are saved with the access rules: Save here saves both.
            </Typography>
            {!readOnly && <AddEntryButton section="applications" label="Add application" onClick={add} />}
          </Box>
          <FirewallTable<PrivateApp>
            rowIds={privateAccessIds}
            section="applications"
            label="Private applications"
            rows={apps}
            columns={columns}
            readOnly={readOnly}
            onEdit={(a) => setEditing({ mode: readOnly ? 'view' : 'edit', id: a.id, initial: toAppForm(a) })}
            onDelete={remove}
            rowState={(a) =>
              errorAt && apps[errorAt.index]?.id === a.id
                ? 'error'
                : clusterMissing(a.cluster_id, clusters)
                  ? 'warning'
                  : undefined
            }
          />
        </>
      )}
      {editing && (
        <ApplicationDialog
          key={editing.id}
          mode={editing.mode}
          initial={editing.initial}
          otherNames={apps.filter((a) => a.id !== editing.id).map((a) => a.name)}
          clusters={clusters}
          onSave={(values) => {
            setApps(upsertById(apps, fromAppForm(values, editing.id)));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteUsedDialog
          title={`Delete the application ${deleting.app.name}?`}
          usedBy={deleting.usedBy}
          consequence="They will show it as a deleted application until you edit them; the access rules cannot be saved while a rule names it."
          onConfirm={() => {
            setApps(removeById(apps, deleting.app.id));
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
