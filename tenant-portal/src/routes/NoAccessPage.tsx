/**
 * The page a deep link shows when the signed-in role does not give access to its area or
 * sub-page (issue 15). Decision: instead of a silent redirect (an area: via login to the root;
 * a sub-page: to its area's first permitted sub-page) the guard shows this page in the shell at
 * the link's own address, names what the role lacks and offers the way back to the start page.
 * Only the permission rule is explained: a path whose environment rule fails is still the 404
 * route, and a feature that is off keeps the guard's redirect (the role is not the reason).
 */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Typography } from '@mui/material';
import { noAccessIds } from '@workbench/common';
import { AreaPage } from '../areas/AreaPage';
import { AREAS } from './areas';
import type { Area } from './routeModel';
import { environmentAllows, externalAppExists, rootPath, type RouteContext } from './routeRules';

export const NO_ACCESS_TITLE = 'No access';

export function noAccessText(title: string): string {
  return `The role you are signed in with does not give access to ${title}. Ask an administrator of your organisation for access, or sign in with another account.`;
}

/**
 * The title of what a logged-in user's role does not give access to at this route (the area's,
 * or the sub-page's), or null when the permission rule is not why the user may not see it.
 */
export function deniedTitle(area: Area, childPath: string | null, ctx: RouteContext): string | null {
  if (!area.requiresLogin || !environmentAllows(area.environment, ctx.env)) return null;
  if (!externalAppExists(area, ctx.env)) return null;
  if (!ctx.access.allows(area.access)) return area.title;
  if (childPath === null) return null;
  const child = area.children?.find((c) => c.path === childPath);
  if (!child || !environmentAllows(child.environment, ctx.env)) return null;
  return ctx.access.allows(child.access) ? null : child.title;
}

/** The title of a page of the route table by its path ('/logs/web?interval=7d' → 'Web Logs'). */
export function titleOfPath(path: string, areas: readonly Area[] = AREAS): string | null {
  const [areaPath, childPath] = path.split('?')[0].split('/').filter(Boolean);
  const area = areas.find((a) => a.path === areaPath);
  if (!area) return null;
  if (!childPath) return area.title;
  return area.children?.find((c) => c.path === childPath)?.title ?? null;
}

export function NoAccessPage({ title, ctx }: { title: string; ctx: RouteContext }) {
  const start = rootPath(ctx, window.location.pathname, AREAS);
  const startTitle = titleOfPath(start);
  return (
    <AreaPage title={NO_ACCESS_TITLE}>
      <Box data-testid={noAccessIds.page}>
        <Alert severity="info" sx={{ mb: 2, maxWidth: 720 }}>
          <Typography data-testid={noAccessIds.text}>{noAccessText(title)}</Typography>
        </Alert>
        <Button variant="contained" component={RouterLink} to={start} data-testid={noAccessIds.back}>
          {startTitle ? `Go to ${startTitle}` : 'Go to the start page'}
        </Button>
      </Box>
    </AreaPage>
  );
}
