/**
 * Saved searches (named filter sets kept on the server per user): save the current view under a
 * name, open one (its query replaces the view's), delete one. Only the searches of this log route
 * are listed.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Divider,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import DeleteIcon from '@mui/icons-material/Delete';
import { logsIds, snackbarShown, toErrorInfo, useAppDispatch } from '@workbench/common';
import { createSavedSearch, deleteSavedSearch, listSavedSearches } from '@workbench/common/api/logs';
import { SAVED_SEARCH_NAME_MAX, type SavedSearch } from '@workbench/common/api/contract/savedSearches';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { useHttpClient } from '../../app/httpContext';

export function SavedSearchMenu({
  route,
  currentQuery,
  onOpen,
}: {
  route: LogRoute;
  currentQuery: string;
  onOpen: (query: string) => void;
}) {
  const http = useHttpClient();
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [searches, setSearches] = useState<SavedSearch[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setSearches((await listSavedSearches(http)).filter((s) => s.route === route));
    } catch (e) {
      setError(toErrorInfo(e).message);
    }
  }, [http, route]);

  useEffect(() => {
    if (anchor) void reload();
  }, [anchor, reload]);

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Enter a name.');
      return;
    }
    try {
      await createSavedSearch(http, { name: trimmed, route, query: currentQuery });
      setName('');
      setError(null);
      dispatch(
        snackbarShown({
          kind: 'save',
          outcome: 'success',
          message: `The search "${trimmed}" has been saved.`,
        }),
      );
      await reload();
    } catch (e) {
      setError(toErrorInfo(e).message);
    }
  };

  const remove = async (search: SavedSearch) => {
    try {
      await deleteSavedSearch(http, search.id);
      await reload();
    } catch (e) {
      setError(toErrorInfo(e).message);
    }
  };

  return (
    <>
      <Button
        data-testid={logsIds.savedSearchesButton}
        startIcon={<BookmarkIcon />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Saved searches
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box
          sx={{ px: 2, py: 1, display: 'flex', gap: 1, alignItems: 'flex-start' }}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <TextField
            size="small"
            label="Save current view as"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void save();
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{
              htmlInput: { 'data-testid': logsIds.savedSearchName, maxLength: SAVED_SEARCH_NAME_MAX },
            }}
          />
          <Button variant="contained" data-testid={logsIds.savedSearchSave} onClick={() => void save()}>
            Save
          </Button>
        </Box>
        <Divider />
        {searches.length === 0 && (
          <Typography variant="body2" sx={{ px: 2, py: 1 }} color="text.secondary">
            No saved searches yet.
          </Typography>
        )}
        {searches.map((s) => (
          <MenuItem
            key={s.id}
            data-testid={`${logsIds.savedSearchItem}-${s.name}`}
            onClick={() => {
              setAnchor(null);
              onOpen(s.query);
            }}
          >
            <ListItemText primary={s.name} />
            <IconButton
              edge="end"
              aria-label={`Delete ${s.name}`}
              data-testid={`${logsIds.savedSearchDelete}-${s.name}`}
              onClick={(e) => {
                e.stopPropagation();
                void remove(s);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
