import { useState } from 'react';
import { privateAccessIds } from '@workbench/common/test-ids/privateAccessIds';
import { Box, Tooltip, Typography } from '@mui/material';
import { usePolicyDocEditor, type DataTableColumn } from '@workbench/common';
import type { SectionEditorProps } from '../policy/PolicyFamilyPage';
import { pathInList } from '../policy/web/listEdits';
import { AddEntryButton, FirewallEmpty, FirewallTable } from '../fwaas/FirewallTable';
import { newId, removeById, upsertById } from '../fwaas/firewallModel';
import { CatalogDialog } from './CatalogDialog';
import {
  emptyCatalogForm,
  fromCatalogForm,
  toCatalogForm,
  type CatalogFormValues,
} from './privateAccessForms';
import {
  appMissing,
  appName,
  clusterMissing,
  clusterName,
  type Catalog,
  type Cluster,
  type PrivateApp,
} from './privateAccessModel';

/** A list of names, in the warning colour with why when one of them was deleted. */
function Names({ text, deleted, why }: { text: string; deleted: boolean; why: string }) {
  return deleted ? (
    <Tooltip title={why}>
      <Typography component="span" variant="body2" color="warning.main">
        {text}
      </Typography>
    </Tooltip>
  ) : (
    <>{text}</>
  );
}

/**
 * The application catalogs (mpa/app_catalogs, saved by update_catalog_clusters): groups of
 * applications the user portal lists, each published by connector clusters. Applications and
 * clusters are picked from their tabs; one deleted there shows as deleted here.
 */
export function CatalogsSection({ editor, doc, onChange, readOnly }: SectionEditorProps<'mpa/app_catalogs'>) {
  const catalogs = doc.list;
  const apps: readonly PrivateApp[] = usePolicyDocEditor('mpa/access_rules').draft?.applications ?? [];
  const clusters: readonly Cluster[] = usePolicyDocEditor('mpa/app_connector_clusters').draft?.list ?? [];
  const [editing, setEditing] = useState<{
    mode: 'add' | 'edit' | 'view';
    id: string;
    initial: CatalogFormValues;
  } | null>(null);
  const setCatalogs = (list: Catalog[]) => onChange({ ...doc, list });
  const add = () => setEditing({ mode: 'add', id: newId(), initial: emptyCatalogForm });
  const errorAt = pathInList(editor.errorPath, 'list');
  const deletedRef = (c: Catalog) =>
    c.applications.some((id) => appMissing(id, apps)) ||
    c.clusters.some((id) => clusterMissing(id, clusters));

  const appsText = (c: Catalog) =>
    c.applications.length ? c.applications.map((id) => appName(id, apps)).join(', ') : 'None';
  const clustersText = (c: Catalog) =>
    c.clusters.length ? c.clusters.map((id) => clusterName(id, clusters)).join(', ') : 'None';
  const columns: DataTableColumn<Catalog>[] = [
    { name: 'name', header: 'Name', flex: 1.5, minWidth: 120 },
    {
      name: 'applications',
      header: 'Applications',
      flex: 2.5,
      minWidth: 150,
      value: appsText,
      render: (c) => (
        <Names
          text={appsText(c)}
          deleted={c.applications.some((id) => appMissing(id, apps))}
          why="An application of this catalog was deleted in the Applications tab: edit the catalog to remove it."
        />
      ),
    },
    {
      name: 'clusters',
      header: 'Connector clusters',
      flex: 2,
      minWidth: 140,
      value: clustersText,
      render: (c) => (
        <Names
          text={clustersText(c)}
          deleted={c.clusters.some((id) => clusterMissing(id, clusters))}
          why="A cluster of this catalog was deleted in the Connector clusters tab: edit the catalog to remove it."
        />
      ),
    },
    { name: 'description', header: 'Description', flex: 2, minWidth: 120, value: (c) => c.description ?? '' },
  ];

  return (
    <Box>
      {catalogs.length === 0 ? (
        <FirewallEmpty
          section="catalogs"
          text="No application catalogs yet"
          addLabel="Add catalog"
          readOnly={readOnly}
          onAdd={add}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              Catalogs group applications in the user portal; their clusters publish them.
            </Typography>
            {!readOnly && <AddEntryButton section="catalogs" label="Add catalog" onClick={add} />}
          </Box>
          <FirewallTable<Catalog>
            rowIds={privateAccessIds}
            section="catalogs"
            label="Application catalogs"
            rows={catalogs}
            columns={columns}
            readOnly={readOnly}
            onEdit={(c) =>
              setEditing({ mode: readOnly ? 'view' : 'edit', id: c.id, initial: toCatalogForm(c) })
            }
            onDelete={(c) => setCatalogs(removeById(catalogs, c.id))}
            rowState={(c) =>
              errorAt && catalogs[errorAt.index]?.id === c.id
                ? 'error'
                : deletedRef(c)
                  ? 'warning'
                  : undefined
            }
          />
        </>
      )}
      {editing && (
        <CatalogDialog
          key={editing.id}
          mode={editing.mode}
          initial={editing.initial}
          otherNames={catalogs.filter((c) => c.id !== editing.id).map((c) => c.name)}
          applications={apps}
          clusters={clusters}
          onSave={(values) => {
            setCatalogs(upsertById(catalogs, fromCatalogForm(values, editing.id)));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
