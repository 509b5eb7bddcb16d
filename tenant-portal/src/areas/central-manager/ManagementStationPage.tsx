/**
 * Settings › Management Station (docs/central-manager.md §13): what the station runs (About) and
 * its own settings: the port a new appliance is asked on when none is given (8442 until changed)
 * and how long a status read waits for one appliance (1-60 s, 3 until changed). Both are saved
 * together, checked as the server checks them; a refusal names its field. A reader sees the values
 * and no Save. The station's own password is the user menu's Change password.
 */
import { useState } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { CmSettings } from '@workbench/common/api/contract/centralManager';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { localDateTime } from '@workbench/common/formatting/localTime';
import { centralManagerIds as ids } from '@workbench/common/test-ids/centralManagerIds';
import { useEntityCall, useEntityRead } from './centralManagerRequests';
import { AreaPage } from '../AreaPage';
import { CM_TEXTS, useCmAccess } from './cmAccess';
import { ABOUT_TEXTS, StationAbout } from './StationAbout';

export const STATION_TEXTS = {
  title: 'Management Station',
  settings: 'Station settings',
  settingsIntro:
    'The port a new appliance is asked on when its address names none, and how long the station waits for one appliance’s state before it shows it as not answering.',
  port: 'Default appliance port',
  portHelp: '1-65535; used when adding an appliance without a port.',
  timeout: 'Status time-out (seconds)',
  timeoutHelp: '1-60; how long the Managed Systems page waits for each appliance.',
  port400: 'A port from 1 to 65535.',
  timeout400: 'From 1 to 60 seconds.',
  saved: 'The station’s settings are saved.',
  lastSaved: (by: string | null, at: string | null) =>
    by && at ? `Last saved by ${by} on ${localDateTime(at)}.` : 'Not changed yet: the defaults apply.',
  readOnly: 'You may read these settings; someone who may change the managed systems can change them.',
} as const;

const schema = yup.object({
  appliance_port: yup
    .number()
    .typeError(STATION_TEXTS.port400)
    .required(STATION_TEXTS.port400)
    .integer(STATION_TEXTS.port400)
    .min(1, STATION_TEXTS.port400)
    .max(65535, STATION_TEXTS.port400),
  status_timeout_s: yup
    .number()
    .typeError(STATION_TEXTS.timeout400)
    .required(STATION_TEXTS.timeout400)
    .integer(STATION_TEXTS.timeout400)
    .min(1, STATION_TEXTS.timeout400)
    .max(60, STATION_TEXTS.timeout400),
});

type Values = { appliance_port: string; status_timeout_s: string };

function StationSettingsForm({
  settings,
  canWrite,
  onSaved,
}: {
  settings: CmSettings;
  canWrite: boolean;
  onSaved: () => void;
}) {
  const dispatch = useAppDispatch();
  const save = useEntityCall('saveCmSettings');
  const [formError, setFormError] = useState<string | null>(null);
  const formik = useFormik<Values>({
    initialValues: {
      appliance_port: String(settings.appliance_port),
      status_timeout_s: String(settings.status_timeout_s),
    },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      setFormError(null);
      try {
        await save({
          appliance_port: Number(values.appliance_port),
          status_timeout_s: Number(values.status_timeout_s),
        });
        dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: STATION_TEXTS.saved }));
        onSaved();
      } catch (e) {
        const info = toErrorInfo(e, 'saveCmSettings');
        const field =
          info.field === 'appliance_port' || info.field === 'status_timeout_s' ? info.field : null;
        if (field) helpers.setFieldError(field, info.message);
        else setFormError(info.message);
      }
    },
  });
  const disabled = !canWrite || formik.isSubmitting;
  const field = (name: keyof Values, label: string, help: string, testId: string) => {
    const error = formik.touched[name] || formik.submitCount > 0 ? formik.errors[name] : undefined;
    return (
      <TextField
        name={name}
        label={label}
        type="number"
        value={formik.values[name]}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        disabled={disabled}
        required
        error={Boolean(error)}
        helperText={error ?? help}
        sx={{ maxWidth: 320 }}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      />
    );
  };
  return (
    <Box component="form" onSubmit={formik.handleSubmit} noValidate aria-label={STATION_TEXTS.settings}>
      <Stack spacing={2}>
        {formError && (
          <Alert severity="error" data-testid={ids.stationError}>
            {formError}
          </Alert>
        )}
        {field('appliance_port', STATION_TEXTS.port, STATION_TEXTS.portHelp, ids.stationPort)}
        {field('status_timeout_s', STATION_TEXTS.timeout, STATION_TEXTS.timeoutHelp, ids.stationTimeout)}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {canWrite && (
            <Button type="submit" variant="contained" disabled={disabled} data-testid={ids.stationSave}>
              Save
            </Button>
          )}
          <Typography color="text.secondary" data-testid={ids.stationUpdated}>
            {canWrite
              ? STATION_TEXTS.lastSaved(settings.updated_by, settings.updated_at)
              : STATION_TEXTS.readOnly}
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}

export function ManagementStationPage() {
  const { canRead, canWrite } = useCmAccess();
  const settings = useEntityRead('getCmSettings', [], { enabled: canRead });
  if (!canRead)
    return (
      <AreaPage title={STATION_TEXTS.title}>
        <Alert severity="info">{CM_TEXTS.noAccess}</Alert>
      </AreaPage>
    );
  return (
    <AreaPage title={STATION_TEXTS.title}>
      <Stack spacing={3} data-testid={ids.stationPage}>
        <Card variant="outlined">
          <CardHeader
            title={STATION_TEXTS.settings}
            subheader={STATION_TEXTS.settingsIntro}
            slotProps={{ title: { variant: 'h2', sx: { fontSize: '1.25rem' } } }}
          />
          <CardContent>
            {settings.status === 'failed' ? (
              <LoadFailed
                message={settings.error?.message ?? 'The settings were not read.'}
                onRetry={settings.reload}
              />
            ) : settings.data === null ? (
              <Loading label="Reading the station’s settings" />
            ) : (
              <StationSettingsForm settings={settings.data} canWrite={canWrite} onSaved={settings.reload} />
            )}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader
            title={ABOUT_TEXTS.title}
            slotProps={{ title: { variant: 'h2', sx: { fontSize: '1.25rem' } } }}
          />
          <CardContent>
            <StationAbout />
          </CardContent>
        </Card>
      </Stack>
    </AreaPage>
  );
}
