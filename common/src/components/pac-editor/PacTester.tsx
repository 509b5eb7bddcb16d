/**
 * The PAC tester (docs/settings.md "PAC files"), shared by the portal's PAC Files page and the
 * console's provider PAC page: a URL, a client address and an optional table of host names in,
 * what FindProxyForURL answers out (or the server's refusal, naming the field). The page gives
 * the call and the editor's text (unsaved changes included; empty tests the file served).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { PacTestBody, PacTestReply } from '../../api/contract/pacSettings';
import { toErrorInfo } from '../../api/ApiCallError';
import { pacSettingsIds as ids } from '../../test-ids/pacSettingsIds';

export const PAC_TESTER_TEXTS = {
  testerTitle: 'PAC tester',
  testerIntro:
    'What the file in the editor (unsaved changes included) answers for a URL, as a browser at the client address would run it. Host names resolve only from the table below: the tester never looks up the network.',
  testUrl: 'URL',
  testClientIp: 'Client IP address',
  testHosts: 'Host names and addresses (optional)',
  testHostsHint: 'One "host = address" per line: what dnsResolve answers.',
  test: 'Test',
  result: 'FindProxyForURL returned',
} as const;

/** "host = address" lines as the tester's table; the line of the first that is not one. */
export function hostsOf(text: string): { hosts: Record<string, string> } | { problem: string } {
  const hosts: Record<string, string> = {};
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  for (const [i, line] of lines.entries()) {
    const m = /^([^\s=]+)\s*=\s*(\S+)$/.exec(line);
    if (!m) return { problem: `Line ${i + 1}: write "host = address", e.g. intranet.example.com = 10.1.2.3` };
    hosts[m[1]] = m[2];
  }
  return { hosts };
}

export function PacTester({
  run,
  pacText,
  callName,
  disabled = false,
}: {
  run(body: PacTestBody): Promise<PacTestReply>;
  /** The editor's text now. */
  pacText(): string;
  /** The call's name in error texts (the API module's). */
  callName: string;
  disabled?: boolean;
}) {
  const [testUrl, setTestUrl] = useState('');
  const [testIp, setTestIp] = useState('');
  const [testHosts, setTestHosts] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ reply: PacTestReply } | { error: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const table = hostsOf(testHosts);
    if ('problem' in table) {
      setOutcome({ error: table.problem });
      return;
    }
    const text = pacText();
    setBusy(true);
    run({
      url: testUrl.trim(),
      client_ip: testIp.trim(),
      hosts: table.hosts,
      // An empty editor tests the file served.
      ...(text.trim() === '' ? {} : { pac: text }),
    }).then(
      (reply) => {
        setBusy(false);
        setOutcome({ reply });
      },
      (e: unknown) => {
        setBusy(false);
        const info = toErrorInfo(e, callName);
        const where =
          info.field === 'url' ? 'URL: ' : info.field === 'client_ip' ? 'Client IP address: ' : '';
        setOutcome({ error: `${where}${info.message}` });
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <form onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {PAC_TESTER_TEXTS.testerTitle}
            </Typography>
            <Typography color="text.secondary">{PAC_TESTER_TEXTS.testerIntro}</Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField
                label={PAC_TESTER_TEXTS.testUrl}
                value={testUrl}
                onChange={(e) => setTestUrl(e.target.value)}
                placeholder="https://www.example.com/"
                sx={{ flex: 2 }}
                slotProps={{ htmlInput: { 'data-testid': ids.testUrl, spellCheck: false } }}
              />
              <TextField
                label={PAC_TESTER_TEXTS.testClientIp}
                value={testIp}
                onChange={(e) => setTestIp(e.target.value)}
                placeholder="10.0.0.5"
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': ids.testClientIp, spellCheck: false } }}
              />
            </Stack>
            <TextField
              label={PAC_TESTER_TEXTS.testHosts}
              multiline
              minRows={2}
              value={testHosts}
              onChange={(e) => setTestHosts(e.target.value)}
              helperText={PAC_TESTER_TEXTS.testHostsHint}
              slotProps={{ htmlInput: { 'data-testid': ids.testHosts, spellCheck: false } }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={disabled || busy} data-testid={ids.test}>
                {PAC_TESTER_TEXTS.test}
              </Button>
            </Box>
            {outcome && 'reply' in outcome && (
              <Alert severity="success">
                {PAC_TESTER_TEXTS.result}{' '}
                <Box component="code" data-testid={ids.testResult} sx={{ fontFamily: 'monospace' }}>
                  {outcome.reply.result}
                </Box>{' '}
                for {outcome.reply.host} from {outcome.reply.client_ip}.
              </Alert>
            )}
            {outcome && 'error' in outcome && (
              <Alert severity="error" data-testid={ids.testError}>
                {outcome.error}
              </Alert>
            )}
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
