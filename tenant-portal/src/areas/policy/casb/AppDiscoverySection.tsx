import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { DataTable, LoadFailed, Loading } from '@workbench/common';
import { DISCOVERY_DAYS, type DiscoveredApp } from '@workbench/common/api/contract/casbEgress';
import { CASB_PROFILE_TYPES, vocabularyLabel } from '@workbench/common/vocabularies/index';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import { useEntityRead } from '../policyRequests';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { useCloudApps } from './useCloudApps';

// Medium is the default chip: the theme's warning colour fails contrast with its label (axe).
const RISK_COLOURS = { high: 'error', medium: 'default', low: 'success' } as const;
const RISK_LABELS = { high: 'High risk', medium: 'Medium risk', low: 'Low risk' } as const;

function RiskChip({ app }: { app: Pick<DiscoveredApp, 'score' | 'risk'> }) {
  return (
    <Chip
      size="small"
      // Filled: the outlined warning colour on white is below the contrast minimum.
      color={RISK_COLOURS[app.risk]}
      label={`${app.score} · ${RISK_LABELS[app.risk]}`}
    />
  );
}

/** An app's reputation insights (GET /api/policy/v3/casb/app_rep_insights/{id}). */
function InsightsDialog({ app, onClose }: { app: DiscoveredApp; onClose: () => void }) {
  const read = useEntityRead('getAppRepInsights', [app.id]);
  const reply = read.data;
  const error = read.error?.message ?? null;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="insights-title"
      data-testid={casbPolicyIds.insightsDialog}
    >
      <DialogTitle id="insights-title">{app.name}: reputation insights</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : !reply ? (
          <Loading label={`Loading the insights of ${app.name}`} />
        ) : (
          <Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <RiskChip app={reply.reputation} />
              <Typography variant="body2">{reply.app.category}</Typography>
            </Box>
            <Typography variant="h3" sx={{ mt: 2 }}>
              What the score rests on
            </Typography>
            <List dense>
              {reply.reputation.factors.map((f) => (
                <ListItem key={f.name} disableGutters>
                  <ListItemText primary={`${f.positive ? '+' : '−'} ${f.name}`} secondary={f.detail} />
                </ListItem>
              ))}
            </List>
            <Typography variant="h3" sx={{ mt: 2 }}>
              Last 30 days
            </Typography>
            <Typography variant="body2">
              {reply.app.requests.toLocaleString()} requests by {reply.app.users.toLocaleString()} users
              {reply.activity.length > 0 &&
                `: ${reply.activity.map((a) => `${a.activity} ${a.requests.toLocaleString()}`).join(', ')}`}
              .
            </Typography>
            {reply.top_users.length > 0 && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Most active: {reply.top_users.map((u) => `${u.user} (${u.requests})`).join(', ')}
              </Typography>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * App discovery (docs/policy.md §6 GET and PUT /api/policy/v3/casb/app_discovery): whether the
 * gateway reports the cloud apps it sees, and the apps it saw in the web logs with their
 * reputation (app_rep_insights). Hiding an app (reviewed, nothing to do) is part of the saved
 * document; the usage figures are read, never saved.
 */
export function AppDiscoverySection({ doc, onChange, readOnly }: SectionEditorProps<'casb/app_discovery'>) {
  const [days, setDays] = useState<number>(30);
  const [showHidden, setShowHidden] = useState(false);
  const [insights, setInsights] = useState<DiscoveredApp | null>(null);
  const { apps, status, error, reload } = useCloudApps(days);
  // Without the server's catalogue (docs/api.md) the section is the spec's setting alone.
  const catalogue = status !== 'unavailable';
  const settings = doc.app_discovery;
  const hidden = new Set(settings.hidden_apps);
  const seen = apps.filter((a) => a.requests > 0 && (showHidden || !hidden.has(a.id)));
  const setHidden = (id: string, hide: boolean) =>
    onChange({
      app_discovery: {
        ...settings,
        hidden_apps: hide ? [...settings.hidden_apps, id] : settings.hidden_apps.filter((h) => h !== id),
      },
    });
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={settings.enabled}
            disabled={readOnly}
            onChange={(e) => onChange({ app_discovery: { ...settings, enabled: e.target.checked } })}
            slotProps={{ input: { 'data-testid': casbPolicyIds.discoveryEnabled } as object }}
          />
        }
        label="Discover the cloud apps users reach (from the web logs)"
      />
      {catalogue && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', my: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="Seen in the last"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-testid': casbPolicyIds.discoveryDays } }}
          >
            {DISCOVERY_DAYS.map((d) => (
              <MenuItem key={d} value={d}>
                {d === 1 ? '24 hours' : `${d} days`}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} />}
            label={`Show hidden apps (${settings.hidden_apps.length})`}
          />
        </Box>
      )}
      {catalogue && !settings.enabled && (
        <Alert severity="info" sx={{ mb: 1 }}>
          Discovery is off: the list shows what was seen before it was turned off.
        </Alert>
      )}
      {!catalogue ? null : status === 'failed' ? (
        <LoadFailed message={error ?? 'The discovered apps could not be read.'} onRetry={reload} />
      ) : status === 'loading' ? (
        <Loading label="Loading the discovered apps" />
      ) : (
        <Box data-testid={casbPolicyIds.discoveryTable}>
          <DataTable<DiscoveredApp>
            label="Discovered cloud apps"
            rows={seen}
            rowKey={(a) => a.id}
            pageSize={0}
            emptyText="No cloud app was seen in this period."
            rowState={(a) => (hidden.has(a.id) ? 'soft-error' : undefined)}
            columns={[
              { name: 'name', header: 'App', flex: 2, minWidth: 130 },
              { name: 'category', header: 'Category', flex: 1, minWidth: 130 },
              {
                name: 'requests',
                header: 'Requests',
                minWidth: 100,
                value: (a) => a.requests.toLocaleString(),
              },
              { name: 'users', header: 'Users', minWidth: 80, value: (a) => a.users.toLocaleString() },
              {
                name: 'profile_type',
                header: 'Seen as',
                minWidth: 120,
                value: (a) => (a.profile_type ? vocabularyLabel(CASB_PROFILE_TYPES, a.profile_type) : '—'),
              },
              { name: 'score', header: 'Reputation', minWidth: 170, render: (a) => <RiskChip app={a} /> },
              {
                name: '__actions',
                header: 'Actions',
                minWidth: 200,
                render: (a) => (
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <Button
                      size="small"
                      onClick={() => setInsights(a)}
                      data-testid={`${casbPolicyIds.insights}-${a.id}`}
                      aria-label={`Insights of ${a.name}`}
                    >
                      Insights
                    </Button>
                    {!readOnly && (
                      <Button
                        size="small"
                        onClick={() => setHidden(a.id, !hidden.has(a.id))}
                        data-testid={`${casbPolicyIds.hide}-${a.id}`}
                        aria-label={`${hidden.has(a.id) ? 'Show' : 'Hide'} ${a.name}`}
                      >
                        {hidden.has(a.id) ? 'Show' : 'Hide'}
                      </Button>
                    )}
                  </Box>
                ),
              },
            ]}
          />
        </Box>
      )}
      {insights && <InsightsDialog app={insights} onClose={() => setInsights(null)} />}
    </Box>
  );
}
