/**
 * The appliance's certificates (docs/appliances.md): its CA (subject, validity, fingerprint; the
 * PEM download; reinitialise after a confirmation), a service CSR for a host name (the key stays on
 * the appliance), and installing the certificate a CA signed for it (refused when it is not for
 * the CSR's key: the server's message is shown).
 */
import { useState } from 'react';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import { APPLIANCE_PATHS } from '@workbench/common/api/contract/appliance/applianceSettings';
import { hostname } from '@workbench/common/validators/network';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { applianceSettingsIds as ids } from '@workbench/common/test-ids/applianceSettingsIds';
import { useEntityCall, useEntityRead } from './applianceRequests';

export const CERT_TEXTS = {
  caTitle: 'Appliance CA',
  caIntro: 'The certificate authority of this appliance; clients and the central manager trust it.',
  download: 'Download the CA certificate',
  reinitialize: 'Reinitialise the CA',
  confirmReinitialize: 'A new CA replaces this one; every client must trust the new one. Reinitialise?',
  csrTitle: 'Service certificate',
  csrIntro:
    'Generate a request (CSR) for the service’s host name, have your CA sign it, then install the certificate here.',
  commonName: 'Host name (common name)',
  badCommonName: 'Enter a host name like safe.example.com.',
  generate: 'Generate CSR',
  certificate: 'Signed certificate (PEM)',
  install: 'Install certificate',
  installed: (subject: string, until: string) => `Installed: ${subject}, valid until ${until}.`,
  none: 'No service certificate is installed.',
} as const;

export function ApplianceCertificates({ canWrite }: { canWrite: boolean }) {
  const ca = useEntityRead('getApplianceCa', []);
  const self = useEntityRead('getSelfServiceCert', []);
  const reinitialize = useEntityCall('reinitializeApplianceCa');
  const generate = useEntityCall('generateServiceCsr');
  const install = useEntityCall('installServiceCert');
  const [commonName, setCommonName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [cert, setCert] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (fn: () => Promise<unknown>, call: string) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(toErrorInfo(e, call).message);
    }
  };

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {CERT_TEXTS.caTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {CERT_TEXTS.caIntro}
          </Typography>
          {ca.status === 'failed' ? (
            <LoadFailed message={ca.error?.message ?? 'The CA was not loaded.'} onRetry={ca.reload} />
          ) : ca.data === null ? (
            <Loading label="Loading the CA" />
          ) : (
            <Stack spacing={1}>
              <Typography data-testid={ids.caSubject}>{ca.data.subject}</Typography>
              <Typography color="text.secondary">
                Valid {ca.data.not_before.slice(0, 10)} to {ca.data.not_after.slice(0, 10)}
              </Typography>
              <Typography
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                data-testid={ids.caFingerprint}
              >
                SHA-256 {ca.data.fingerprint_sha256}
              </Typography>
              <Stack direction="row" spacing={2}>
                <Button
                  variant="outlined"
                  href={APPLIANCE_PATHS.caCertDownload}
                  download
                  data-testid={ids.caDownload}
                >
                  {CERT_TEXTS.download}
                </Button>
                {canWrite && (
                  <Button
                    color="warning"
                    variant="outlined"
                    data-testid={ids.caReinitialize}
                    onClick={() => {
                      if (window.confirm(CERT_TEXTS.confirmReinitialize))
                        void run(async () => {
                          await reinitialize();
                          ca.reload();
                        }, 'reinitializeApplianceCa');
                    }}
                  >
                    {CERT_TEXTS.reinitialize}
                  </Button>
                )}
              </Stack>
            </Stack>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {CERT_TEXTS.csrTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {CERT_TEXTS.csrIntro}
          </Typography>
          <Stack spacing={2}>
            {error && (
              <Alert severity="error" data-testid={ids.certError}>
                {error}
              </Alert>
            )}
            <Typography data-testid={ids.certInstalled}>
              {self.data?.certificate
                ? CERT_TEXTS.installed(
                    self.data.certificate.subject,
                    self.data.certificate.not_after.slice(0, 10),
                  )
                : CERT_TEXTS.none}
            </Typography>
            {canWrite && (
              <>
                <TextField
                  label={CERT_TEXTS.commonName}
                  value={commonName}
                  onChange={(e) => {
                    setCommonName(e.target.value);
                    setNameError(null);
                  }}
                  error={nameError !== null}
                  helperText={nameError ?? 'e.g. safe.example.com'}
                  slotProps={{ htmlInput: { 'data-testid': ids.csrCommonName } }}
                />
                <Button
                  variant="outlined"
                  data-testid={ids.csrGenerate}
                  onClick={() => {
                    if (commonName.trim() === '' || hostname(commonName) !== null) {
                      setNameError(CERT_TEXTS.badCommonName);
                      return;
                    }
                    void run(async () => {
                      await generate({ common_name: commonName.trim() });
                      self.reload();
                    }, 'generateServiceCsr');
                  }}
                >
                  {CERT_TEXTS.generate}
                </Button>
              </>
            )}
            {self.data?.csr && (
              <TextField
                label="CSR"
                multiline
                minRows={4}
                value={self.data.csr.csr}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': ids.csrText } }}
              />
            )}
            {canWrite && self.data?.csr && (
              <>
                <TextField
                  label={CERT_TEXTS.certificate}
                  multiline
                  minRows={4}
                  value={cert}
                  onChange={(e) => setCert(e.target.value)}
                  slotProps={{ htmlInput: { 'data-testid': ids.certInput } }}
                />
                <Button
                  variant="contained"
                  disabled={cert.trim() === ''}
                  data-testid={ids.certInstall}
                  onClick={() =>
                    void run(async () => {
                      await install(cert);
                      setCert('');
                      self.reload();
                    }, 'installServiceCert')
                  }
                >
                  {CERT_TEXTS.install}
                </Button>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
