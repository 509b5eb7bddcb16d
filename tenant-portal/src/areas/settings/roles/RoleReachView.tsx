/**
 * What a role opens (routes/roleReach.ts), two ways: a list of the areas and pages with whether
 * each may be changed, and "View as this role", the side navigation as its holder sees it.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  ListSubheader,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { rolesIds } from '@workbench/common/test-ids/administratorsIds';
import type { AreaReach, RouteTable } from '../../../routes/roleReach';

const pageTestId = (path: string) => `${rolesIds.reachPage}${path.replaceAll('/', '-')}`;

function Access({ write }: { write: boolean }) {
  return write ? (
    <Chip size="small" color="primary" label="View and change" />
  ) : (
    <Chip size="small" variant="outlined" label="View only" />
  );
}

/** The navigation its holder would see: group headings, areas, and every page under them. */
function NavPreview({ reach, table }: { reach: AreaReach[]; table: RouteTable }) {
  return (
    <Paper
      variant="outlined"
      data-testid={rolesIds.preview}
      aria-label="Navigation as this role sees it"
      component="nav"
      sx={{ width: 260, maxWidth: '100%', py: 1, flexShrink: 0 }}
    >
      {reach.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          No area: the holder is sent back to sign-in.
        </Typography>
      )}
      {table.groups.map((group) => {
        const shown = reach.filter((a) => a.group === group.id);
        if (shown.length === 0) return null;
        return (
          <List
            key={group.id}
            dense
            disablePadding
            subheader={
              <ListSubheader disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent', fontWeight: 600 }}>
                {group.title}
              </ListSubheader>
            }
          >
            {/* One flat list per heading (a <ul> holds only <li>s): each area, then its pages indented. */}
            {shown.flatMap((area) => [
              <ListItem key={area.id} sx={{ py: 0.25 }}>
                <ListItemText primary={area.title} />
              </ListItem>,
              ...area.pages.map((p) => (
                <ListItem key={p.path} sx={{ pl: 4, py: 0 }}>
                  <ListItemText primary={p.title} slotProps={{ primary: { variant: 'body2' } }} />
                </ListItem>
              )),
            ])}
          </List>
        );
      })}
    </Paper>
  );
}

export function RoleReachView({ reach, table }: { reach: AreaReach[]; table: RouteTable }) {
  const [preview, setPreview] = useState(false);
  return (
    <Box data-testid={rolesIds.reach}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
          What this role opens
        </Typography>
        <Button
          size="small"
          startIcon={preview ? <VisibilityOffIcon /> : <VisibilityIcon />}
          onClick={() => setPreview((shown) => !shown)}
          aria-expanded={preview}
          data-testid={rolesIds.previewButton}
        >
          {preview ? 'Hide preview' : 'View as this role'}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {reach.length === 0 ? (
            <Typography color="text.secondary">Nothing: a holder of this role sees no area.</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {reach.map((area) => (
                <Box
                  component="li"
                  key={area.id}
                  data-testid={`${rolesIds.reachArea}-${area.id}`}
                  data-write={area.write}
                  sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}
                >
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    useFlexGap
                  >
                    <Typography sx={{ fontWeight: 600, flex: 1 }}>{area.title}</Typography>
                    {area.pages.length === 0 && <Access write={area.write} />}
                  </Stack>
                  {area.pages.length > 0 && (
                    <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: 2 }}>
                      {area.pages.map((p) => (
                        <Stack
                          component="li"
                          key={p.path}
                          direction="row"
                          spacing={1}
                          useFlexGap
                          data-testid={pageTestId(p.path)}
                          data-write={p.write}
                          sx={{ alignItems: 'center', py: 0.25, flexWrap: 'wrap' }}
                        >
                          <Typography variant="body2" sx={{ flex: 1 }}>
                            {p.title}
                          </Typography>
                          <Access write={p.write} />
                        </Stack>
                      ))}
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
          )}
        </Box>
        {preview && <NavPreview reach={reach} table={table} />}
      </Stack>
    </Box>
  );
}
