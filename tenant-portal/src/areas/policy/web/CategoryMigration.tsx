import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import {
  policyMigrationRequested,
  revisionRequested,
  selectCan,
  selectPolicyDocDirty,
  selectPolicyMigration,
  useAppDispatch,
  useAppSelector,
  usePolicyReference,
  type WithPolicyReference,
} from '@workbench/common';
import { webControlIds } from '@workbench/common/test-ids/webControlIds';

/** The documents the migration rewrites (server migrationRoutes.ts), each behind its own write. */
const MIGRATED = [
  { kind: 'cats', permission: 'web_policy:categories:write', title: 'Categories' },
  { kind: 'web/exceptions', permission: 'web_policy:exceptions:write', title: 'Domain rules & exceptions' },
  { kind: 'v3/sslbump_bypass', permission: 'web_policy:domain:write', title: 'SSL bypass' },
] as const;

/**
 * The category migration (docs/policy.md §7 PUT /category_migration) on the Categories tab: offered
 * while the staged revision still uses the version 1 categories (GET /category_version). It
 * rewrites the staged revision (categories, domain rules, SSL bypass) in one step; the result is
 * reviewed in the publish bar and published (or discarded) like any other change. A 409 (the
 * revision moved on, or it was migrated meanwhile) is shown as the conflict it is, with a reload.
 */
export function CategoryMigration() {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const version = usePolicyReference('category_version');
  const migration = useAppSelector((s: WithPolicyReference) => selectPolicyMigration(s, 'category'));
  const canCats = useAppSelector(selectCan(MIGRATED[0].permission));
  const canRules = useAppSelector(selectCan(MIGRATED[1].permission));
  const canBypass = useAppSelector(selectCan(MIGRATED[2].permission));
  const dirtyCats = useAppSelector(selectPolicyDocDirty(MIGRATED[0].kind));
  const dirtyRules = useAppSelector(selectPolicyDocDirty(MIGRATED[1].kind));
  const dirtyBypass = useAppSelector(selectPolicyDocDirty(MIGRATED[2].kind));
  const [open, setOpen] = useState(false);

  const canMigrate = canCats && canRules && canBypass;
  const unsaved = MIGRATED.filter((_, i) => [dirtyCats, dirtyRules, dirtyBypass][i]).map((m) => m.title);
  const running = migration.status === 'running';
  const error = migration.status === 'failed' ? migration.error : null;

  if (version.data?.version !== 1) {
    return migration.status === 'done' ? (
      <Alert severity="success" sx={{ mb: 2 }} data-testid={webControlIds.migration}>
        The staged policy now uses the version 2 categories. Review the change in the publish bar, then
        publish it or discard it.
      </Alert>
    ) : null;
  }
  return (
    <>
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        data-testid={webControlIds.migration}
        action={
          canMigrate ? (
            <Button
              color="inherit"
              size="small"
              onClick={() => setOpen(true)}
              disabled={running}
              data-testid={webControlIds.migrationStart}
            >
              {running ? 'Migrating…' : 'Migrate categories'}
            </Button>
          ) : undefined
        }
      >
        This policy uses the older (version 1) categories. Migrate it to the version 2 categories to use the
        current category set.
        {!canMigrate &&
          ' Migrating needs the right to change categories, domain rules and SSL bypass; your role does not have all three.'}
      </Alert>
      {error && (
        <Alert
          severity={error.status === 409 ? 'warning' : 'error'}
          sx={{ mb: 2 }}
          data-testid={webControlIds.migrationError}
          action={
            error.status === 409 ? (
              <Button color="inherit" size="small" onClick={() => dispatch(revisionRequested())}>
                Reload the policy
              </Button>
            ) : undefined
          }
        >
          {error.status === 409 ? 'The categories were not migrated: ' : 'The migration failed: '}
          {error.message}
        </Alert>
      )}
      {open && (
        <Dialog
          open
          onClose={() => setOpen(false)}
          aria-labelledby={titleId}
          data-testid={webControlIds.migrationDialog}
        >
          <DialogTitle id={titleId}>Migrate to the version 2 categories?</DialogTitle>
          <DialogContent>
            <DialogContentText component="div">
              This changes the staged revision in one step:
              <ul>
                <li>each category action moves to the version 2 category that replaced its category;</li>
                <li>domain rules and SSL bypass entries that name categories name their replacements;</li>
                <li>
                  categories without a replacement are removed, and a domain rule left without categories is
                  disabled.
                </li>
              </ul>
              Nothing is live until you publish; the publish bar shows every change, and Discard undoes it.
            </DialogContentText>
            {unsaved.length > 0 && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                Save or undo your unsaved changes first: {unsaved.join(', ')}.
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} data-testid={webControlIds.migrationCancel}>
              Cancel
            </Button>
            <Button
              variant="contained"
              autoFocus
              disabled={unsaved.length > 0}
              data-testid={webControlIds.migrationConfirm}
              onClick={() => {
                dispatch(policyMigrationRequested({ migration: 'category' }));
                setOpen(false);
              }}
            >
              Migrate
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
