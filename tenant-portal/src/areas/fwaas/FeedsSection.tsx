import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import type { DataTableColumn } from '@workbench/common';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import type { LoadedEditor } from '../policy/PolicySection';
import { AddEntryButton, FirewallEmpty, FirewallTable } from './FirewallTable';
import { FeedDialog } from './FeedDialog';
import { emptyFeedForm, fromFeedForm, toFeedForm, type FeedFormValues } from './feedForm';
import {
  FEED_TYPE_LABELS,
  newId,
  pathInList,
  refreshLabel,
  removeById,
  upsertById,
  type FirewallFeed,
} from './firewallModel';
import { enabledColumn } from '../policy/kit/enabledColumn';

/** "Feed 1 (Abuse IPs)" for a 400 inside the list. */
export function describeFeedError(path: string, doc: { list: readonly FirewallFeed[] }): string | null {
  const at = pathInList(path);
  if (!at) return null;
  const feed = doc.list[at.index];
  return feed ? `Feed ${at.index + 1} (${feed.name})` : `Feed ${at.index + 1}`;
}

/** The threat feeds (fwaas/feeds): lists of addresses or domains the firewall reads over https. */
export function FeedsSection({ editor }: { editor: LoadedEditor<'fwaas/feeds'> }) {
  const feeds = editor.draft.list;
  const readOnly = editor.readOnly;
  const [editing, setEditing] = useState<{
    mode: 'add' | 'edit' | 'view';
    id: string;
    initial: FeedFormValues;
  } | null>(null);
  const setFeeds = (list: FirewallFeed[]) => editor.edit((doc) => ({ ...doc, list }));
  const add = () => setEditing({ mode: 'add', id: newId(), initial: emptyFeedForm });
  const errorAt = pathInList(editor.errorPath);

  const columns: DataTableColumn<FirewallFeed>[] = [
    { name: 'name', header: 'Name', flex: 1.5, minWidth: 140 },
    { name: 'url', header: 'URL', flex: 3, minWidth: 200 },
    { name: 'type', header: 'Entries', minWidth: 120, value: (f) => FEED_TYPE_LABELS[f.type] },
    {
      name: 'refresh_minutes',
      header: 'Read again',
      minWidth: 140,
      value: (f) => refreshLabel(f.refresh_minutes),
    },
    enabledColumn(feeds, setFeeds, readOnly, {
      header: 'Enabled',
      minWidth: 96,
      withValue: true,
      testId: firewallIds.rowEnabled,
    }),
  ];

  return (
    <Box>
      {feeds.length === 0 ? (
        <FirewallEmpty
          section="feeds"
          text="No threat feeds yet"
          addLabel="Add feed"
          readOnly={readOnly}
          onAdd={add}
        />
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
              Feeds are lists of addresses or domains the firewall reads again on their schedule.
            </Typography>
            {!readOnly && <AddEntryButton section="feeds" label="Add feed" onClick={add} />}
          </Box>
          <FirewallTable<FirewallFeed>
            section="feeds"
            label="Threat feeds"
            rows={feeds}
            columns={columns}
            readOnly={readOnly}
            onEdit={(f) => setEditing({ mode: readOnly ? 'view' : 'edit', id: f.id, initial: toFeedForm(f) })}
            onDelete={(f) => setFeeds(removeById(feeds, f.id))}
            rowState={(f) => (errorAt && feeds[errorAt.index]?.id === f.id ? 'error' : undefined)}
          />
        </>
      )}
      {editing && (
        <FeedDialog
          key={editing.id}
          mode={editing.mode}
          initial={editing.initial}
          otherNames={feeds.filter((f) => f.id !== editing.id).map((f) => f.name)}
          onSave={(values) => {
            setFeeds(upsertById(feeds, fromFeedForm(values, editing.id)));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
