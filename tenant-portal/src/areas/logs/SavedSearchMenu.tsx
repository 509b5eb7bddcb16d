/**
 * Saved searches (named filter sets kept on the server per user): save the current view under a
 * name, open one (its query replaces the view's), delete one. Only the searches of this log route
 * are listed.
 */
import { memo, useEffect, useState } from 'react';
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
import {
  logsIds,
  savedSearchDeleteRequested,
  savedSearchMenuLeft,
  savedSearchSaveRequested,
  savedSearchesRequested,
  selectLastSavedSearch,
  selectSavedSearchError,
  selectSavedSearchesOfRoute,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { SAVED_SEARCH_NAME_MAX, type SavedSearch } from '@workbench/common/api/contract/savedSearches';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { usePortalSelector } from '../../app/tenantStore';

/** Memoised: it renders again when its props change, not with each render of the logs page. */
export const SavedSearchMenu = memo(function SavedSearchMenu({
  route,
  currentQuery,
  onOpen,
}: {
  route: LogRoute;
  currentQuery: string;
  onOpen: (query: string) => void;
}) {
  const dispatch = useAppDispatch();
  const searches = usePortalSelector((state) => selectSavedSearchesOfRoute(state, route));
  const error = useAppSelector(selectSavedSearchError);
  const lastSaved = useAppSelector(selectLastSavedSearch);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [name, setName] = useState('');
  // A save that succeeded empties the name field (adjusted while rendering, not in an effect).
  const [emptiedFor, setEmptiedFor] = useState(lastSaved);
  if (lastSaved !== emptiedFor) {
    setEmptiedFor(lastSaved);
    setName('');
  }

  // A failure belongs to this menu: another log view (or a later visit) starts without it.
  useEffect(
    () => () => {
      dispatch(savedSearchMenuLeft());
    },
    [dispatch],
  );

  const save = () => dispatch(savedSearchSaveRequested({ name, route, query: currentQuery }));
  const remove = (search: SavedSearch) => dispatch(savedSearchDeleteRequested({ id: search.id }));

  return (
    <>
      <Button
        data-testid={logsIds.savedSearchesButton}
        startIcon={<BookmarkIcon />}
        aria-haspopup="menu"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          dispatch(savedSearchesRequested());
        }}
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
              if (e.key === 'Enter') save();
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{
              htmlInput: { 'data-testid': logsIds.savedSearchName, maxLength: SAVED_SEARCH_NAME_MAX },
            }}
          />
          <Button variant="contained" data-testid={logsIds.savedSearchSave} onClick={save}>
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
                remove(s);
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
});
