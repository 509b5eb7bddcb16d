/**
 * Contact Us › Connectivity test (docs/contact.md §2): the browser fetches each
 * test site no-cors with the run's testId (common's features/connectivity), shows pass or fail
 * with the time of each as it lands, stores the run, and lists the tenant's last runs. Before a
 * message to support, an administrator sees whether this network reaches the service.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { ConnectivityRun, ConnectivitySiteResult } from '@workbench/common/api/contract/connectivity';
import type { EntityRead } from '@workbench/common/features/entities/index';
import { LoadFailed } from '@workbench/common/components/page-states/index';
import { runConnectivityTest } from '@workbench/common/features/connectivity/runConnectivityTest';
import { useExtension } from '@workbench/common/features/extensions/useExtension';
import { contactIds as ids } from '@workbench/common/test-ids/contactIds';
import { useEntityCall, useEntityRead } from './contactRequests';
import { utcMinute } from '../settings/utcMinute';

export const CONNECTIVITY_TEXTS = {
  heading: 'Connectivity test',
  intro:
    'Tests from this browser whether the service’s sites answer, and how fast. Run it from the network whose users have trouble; the result is kept for support.',
  run: 'Run test',
  running: 'Testing…',
  notRun: 'Not run yet',
  noRuns: 'No test has run yet.',
  saveFailed: 'The results were not stored: ',
} as const;

const ms = (value: number) => `${value.toLocaleString('en', { maximumFractionDigits: 1 })} ms`;

function ResultChip({ result }: { result: ConnectivitySiteResult | undefined }) {
  if (!result) return <Typography color="text.secondary">{CONNECTIVITY_TEXTS.notRun}</Typography>;
  return result.passed ? (
    <Chip size="small" color="success" label={`Passed in ${ms(result.duration_ms)}`} />
  ) : (
    <Chip
      size="small"
      color="error"
      label={`Failed after ${ms(result.duration_ms)}: ${result.error ?? ''}`}
    />
  );
}

const summary = (results: readonly ConnectivitySiteResult[]) =>
  `${results.filter((r) => r.passed).length} of ${results.length} sites reached`;

export function ConnectivitySection() {
  const sites = useEntityRead('getConnectivitySites', []);
  // The last runs are our extension (the spec only stores them): without it, no list.
  const history = useExtension('connectivity-history');
  const runs = useEntityRead('listConnectivityRuns', [], { enabled: history });
  const saveResults = useEntityCall('saveConnectivityResults');
  const [results, setResults] = useState<ConnectivitySiteResult[]>([]);
  const [running, setRunning] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const run = async () => {
    const list = sites.data ?? [];
    const testId = crypto.randomUUID();
    setRunning(true);
    setSaveError(null);
    setResults([]);
    const all = await runConnectivityTest(list, testId, (r) => setResults((prev) => [...prev, r]));
    try {
      await saveResults({ test_id: testId, results: all });
      if (history) runs.reload();
    } catch (e) {
      setSaveError(CONNECTIVITY_TEXTS.saveFailed + toErrorInfo(e, 'saveConnectivityResults').message);
    }
    setRunning(false);
  };

  const resultOf = (id: string) => results.find((r) => r.site_id === id);
  const siteName = (id: string) => sites.data?.find((s) => s.id === id)?.name ?? id;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="connectivity-heading"
      data-testid={ids.connectivity}
    >
      <Typography variant="h2" id="connectivity-heading" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {CONNECTIVITY_TEXTS.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {CONNECTIVITY_TEXTS.intro}
      </Typography>
      {sites.status === 'failed' && (
        <LoadFailed
          sx={{ mb: 2 }}
          message={sites.error?.message ?? 'The sites to test were not loaded.'}
          onRetry={sites.reload}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Button
          variant="contained"
          onClick={() => void run()}
          disabled={running || !sites.data || sites.data.length === 0}
          data-testid={ids.runTest}
        >
          {running ? CONNECTIVITY_TEXTS.running : CONNECTIVITY_TEXTS.run}
        </Button>
        <Typography aria-live="polite" data-testid={ids.summary}>
          {!running && results.length > 0 ? summary(results) : ''}
        </Typography>
      </Box>
      {saveError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {saveError}
        </Alert>
      )}
      <Table size="small" aria-label="Sites tested" sx={{ mb: 3 }}>
        <TableHead>
          <TableRow>
            <TableCell>Site</TableCell>
            <TableCell>What it is</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(sites.data ?? []).map((site) => (
            <TableRow key={site.id} data-testid={`${ids.siteRow}-${site.id}`}>
              <TableCell>{site.name}</TableCell>
              <TableCell>{site.description}</TableCell>
              <TableCell>
                <ResultChip result={resultOf(site.id)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {history && <LastRuns runs={runs} siteName={siteName} />}
    </Paper>
  );
}

function LastRuns({ runs, siteName }: { runs: EntityRead<ConnectivityRun[]>; siteName(id: string): string }) {
  const lastRuns: ConnectivityRun[] = runs.data ?? [];
  return (
    <>
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        Last runs
      </Typography>
      {runs.status === 'failed' && (
        <LoadFailed
          sx={{ mb: 2 }}
          message={runs.error?.message ?? 'The last runs were not loaded.'}
          onRetry={runs.reload}
        />
      )}
      <Box data-testid={ids.runs}>
        {lastRuns.length === 0 ? (
          <Typography color="text.secondary">{CONNECTIVITY_TEXTS.noRuns}</Typography>
        ) : (
          <Table size="small" aria-label="Last connectivity runs">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>Times</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lastRuns.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{utcMinute(r.ran_at)}</TableCell>
                  <TableCell>{r.ran_by}</TableCell>
                  <TableCell>{summary(r.results)}</TableCell>
                  <TableCell>
                    {r.results
                      .map((x) => `${siteName(x.site_id)}: ${x.passed ? ms(x.duration_ms) : 'failed'}`)
                      .join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
    </>
  );
}
