/**
 * The explorer's "Create alert from this query" (docs/alerts.md): opens the Alerts page's rule
 * dialog with the explorer's query, log type and window. Offered to who may write alerts, when the
 * server serves them (the `alerts` extension); a view whose query does not parse offers nothing
 * (the server would refuse it, and the explorer already says why).
 */
import { lazy, memo, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import AddAlertIcon from '@mui/icons-material/AddAlert';
import { selectCan, snackbarShown, useAppDispatch, useAppSelector, useExtension } from '@workbench/common';
import { ALERTS_WRITE_PERMISSION } from '@workbench/common/api/contract/settingsPermissions';
import type { LogQuery } from '@workbench/common/api/logs';
import type { LogRoute } from '@workbench/common/vocabularies/index';
import { alertsIds } from '@workbench/common/test-ids/alertsIds';
import { alertPrefillOf } from './alertFromQuery';
import type { LogView } from './logView';

/** The rule dialog, loaded when first opened. */
const AlertRuleDialog = lazy(() =>
  import('../alerts/AlertRuleDialog').then((m) => ({ default: m.AlertRuleDialog })),
);

/** Memoised: it renders again when its props change, not with each render of the logs page. */
export const CreateAlertButton = memo(function CreateAlertButton({
  route,
  view,
  query,
}: {
  route: LogRoute;
  view: LogView;
  query: LogQuery | null;
}) {
  const dispatch = useAppDispatch();
  const served = useExtension('alerts');
  const canWrite = useAppSelector(selectCan(ALERTS_WRITE_PERMISSION));
  const [open, setOpen] = useState(false);
  if (!served || !canWrite || query === null) return null;
  const prefill = alertPrefillOf(route, view, query);
  if (prefill === null) return null;
  return (
    <>
      <Button data-testid={alertsIds.fromQuery} startIcon={<AddAlertIcon />} onClick={() => setOpen(true)}>
        Create alert
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AlertRuleDialog
            prefill={prefill}
            onCancel={() => setOpen(false)}
            onSaved={(rule) => {
              setOpen(false);
              dispatch(
                snackbarShown({
                  kind: 'save',
                  outcome: 'success',
                  message: `The alert ${rule.name} was created: it is evaluated every ${rule.every_minutes} min.`,
                }),
              );
            }}
          />
        </Suspense>
      )}
    </>
  );
});
