import { useState } from 'react';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { Box, Typography } from '@mui/material';
import { usePolicyDocEditor, type DataTableColumn } from '@workbench/common';
import { APP_CONNECTOR_AWS_REGIONS } from '@workbench/common/api/contract/policy-kinds/privateAccessKinds';
import type { SectionEditorProps } from '../policy/PolicyFamilyPage';
import { pathInList } from '../policy/web/listEdits';
import { AddEntryButton, FirewallEmpty, FirewallTable } from '../fwaas/FirewallTable';
import { newId, removeById, upsertById } from '../fwaas/firewallModel';
import { ClusterDialog } from './ClusterDialog';
import { DeleteUsedDialog, namedList, usedByText } from './DeleteUsedDialog';
import {
  emptyClusterForm,
  fromClusterForm,
  toClusterForm,
  type ClusterFormValues,
} from './privateAccessForms';
import {
  appsUsingCluster,
  catalogsUsingCluster,
  regionLabel,
  type Catalog,
  type Cluster,
  type PrivateApp,
} from './privateAccessModel';

/** "Cluster 2 (Frankfurt)" for a 400 inside the list. */
export function describeClusterError(path: string, doc: { list: readonly Cluster[] }): string | null {
  const at = pathInList(path, 'list');
  if (!at) return null;
  const c = doc.list[at.index];
  return c ? `Cluster ${at.index + 1} (${c.name})` : `Cluster ${at.index + 1}`;
}

/** "Catalog 2 (Tools)" for a 400 inside the list. */
export function describeCatalogError(path: string, doc: { list: readonly Catalog[] }): string | null {
  const at = pathInList(path, 'list');
  if (!at) return null;
  const c = doc.list[at.index];
  return c ? `Catalog ${at.index + 1} (${c.name})` : `Catalog ${at.index + 1}`;
}

/**
 * The app connector clusters (mpa/app_connector_clusters, saved by set_provisioning_key_lookup):
 * each runs in a region and is found by new connectors through its provisioning key. Deleting a
 * cluster that applications or catalogs name asks first and names them.
 */
export function ClustersSection({
  editor,
  doc,
  onChange,
  readOnly,
}: SectionEditorProps<'mpa/app_connector_clusters'>) {
  const clusters = doc.list;
  const apps: readonly PrivateApp[] = usePolicyDocEditor('mpa/access_rules').draft?.applications ?? [];
  const catalogs: readonly Catalog[] = usePolicyDocEditor('mpa/app_catalogs').draft?.list ?? [];
  // The regions the server offers (read-only reference data); the registry's list until it answers.
  const regions = usePolicyDocEditor('mpa/app_connector_aws_region').draft?.list ?? APP_CONNECTOR_AWS_REGIONS;
  const [editing, setEditing] = useState<{
    mode: 'add' | 'edit' | 'view';
    id: string;
    initial: ClusterFormValues;
  } | null>(null);
  const [deleting, setDeleting] = useState<{ cluster: Cluster; usedBy: string } | null>(null);
  const setClusters = (list: Cluster[]) => onChange({ ...doc, list });
  const add = () => setEditing({ mode: 'add', id: newId(), initial: emptyClusterForm });
  const remove = (cluster: Cluster) => {
    const a = appsUsingCluster(cluster.id, apps).map((x) => x.name);
    const c = catalogsUsingCluster(cluster.id, catalogs).map((x) => x.name);
    if (a.length + c.length === 0) setClusters(removeById(clusters, cluster.id));
    else
      setDeleting({
        cluster,
        usedBy: usedByText([
          namedList('application', 'applications', a),
          namedList('catalog', 'catalogs', c),
        ]),
      });
  };
  const errorAt = pathInList(editor.errorPath, 'list');
  const columns: DataTableColumn<Cluster>[] = [
    { name: 'name', header: 'Name', flex: 1.5, minWidth: 120 },
    {
      name: 'region',
      header: 'Region',
      flex: 2,
      minWidth: 160,
      value: (c) => regionLabel(c.region, regions),
    },
    {
      name: 'key_id',
      header: 'Provisioning key',
      flex: 1.5,
      minWidth: 140,
      value: (c) => c.provisioning_key_lookup.key_id,
    },
    {
      name: 'lookup',
      header: 'Key lookup',
      minWidth: 100,
      value: (c) => (c.provisioning_key_lookup.enabled ? 'On' : 'Off'),
    },
    {
      name: 'max_connectors',
      header: 'Connectors at most',
      minWidth: 110,
      center: true,
      value: (c) => c.provisioning_key_lookup.max_connectors,
    },
    {
      name: 'used_by',
      header: 'Used by',
      minWidth: 120,
      value: (c) => {
        const a = appsUsingCluster(c.id, apps).length;
        const k = catalogsUsingCluster(c.id, catalogs).length;
        if (a + k === 0) return 'Nothing';
        return [
          a ? `${a} application${a === 1 ? '' : 's'}` : '',
          k ? `${k} catalog${k === 1 ? '' : 's'}` : '',
        ]
          .filter(Boolean)
          .join(', ');
      },
    },
  ];
  return (
    <Box>
      {clusters.length === 0 ? (
        <FirewallEmpty
          section="clusters"
          text="No connector clusters yet"
          addLabel="Add cluster"
          readOnly={readOnly}
          onAdd={add}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              Clusters of app connectors reach the private applications from a cloud region.
            </Typography>
            {!readOnly && <AddEntryButton section="clusters" label="Add cluster" onClick={add} />}
          </Box>
          <FirewallTable<Cluster>
            rowIds={privateAccessIds}
            section="clusters"
            label="Connector clusters"
            rows={clusters}
            columns={columns}
            readOnly={readOnly}
            onEdit={(c) =>
              setEditing({ mode: readOnly ? 'view' : 'edit', id: c.id, initial: toClusterForm(c) })
            }
            onDelete={remove}
            rowState={(c) => (errorAt && clusters[errorAt.index]?.id === c.id ? 'error' : undefined)}
          />
        </>
      )}
      {editing && (
        <ClusterDialog
          key={editing.id}
          mode={editing.mode}
          initial={editing.initial}
          otherNames={clusters.filter((c) => c.id !== editing.id).map((c) => c.name)}
          otherKeys={clusters.filter((c) => c.id !== editing.id).map((c) => c.provisioning_key_lookup.key_id)}
          regions={regions}
          onSave={(values) => {
            setClusters(upsertById(clusters, fromClusterForm(values, editing.id)));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteUsedDialog
          title={`Delete the cluster ${deleting.cluster.name}?`}
          usedBy={deleting.usedBy}
          consequence="They will show it as a deleted cluster until you edit them and pick another one."
          onConfirm={() => {
            setClusters(removeById(clusters, deleting.cluster.id));
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
