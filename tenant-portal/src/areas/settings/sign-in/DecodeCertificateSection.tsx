/**
 * Decode a certificate (POST decodeCert, docs/sign-in-settings.md): paste a PEM or choose a file;
 * the server reads it with its X.509 library and answers subject, issuer, validity (expired or not
 * yet valid flagged), fingerprint and key, or the reason it is not a certificate. Changes nothing.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import { CERT_TEXT_MAX, type CertificateInfo } from '@workbench/common/api/contract/signInSettings';
import { readFileText } from '@workbench/common/features/import-wizard/importParsing';
import { signInSettingsIds as ids } from '@workbench/common/test-ids/signInSettingsIds';
import { useEntityCall } from '../settingsRequests';
import { CertificateDetails } from './CertificateDetails';

export const DECODE_TEXTS = {
  title: 'Decode a certificate',
  hint: 'Paste a PEM certificate (-----BEGIN CERTIFICATE----- …) or choose a .pem, .crt or .cer file.',
  required: 'Paste a certificate or choose a file.',
  tooLong: `A certificate has at most ${CERT_TEXT_MAX.toLocaleString('en-US')} characters.`,
} as const;

export function DecodeCertificateSection() {
  const decode = useEntityCall('decodeCertificate');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CertificateInfo | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (cert: string) => {
    setResult(null);
    setError(null);
    if (cert.trim() === '') return setError(DECODE_TEXTS.required);
    if (cert.length > CERT_TEXT_MAX) return setError(DECODE_TEXTS.tooLong);
    setBusy(true);
    try {
      setResult(await decode(cert));
    } catch (e) {
      setError(toErrorInfo(e, 'decodeCertificate').message);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(text);
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Sent as text: the server reads PEM and says why anything else (a binary DER file) is not one.
    const content = await readFileText(file);
    setText(content);
    await run(content);
  };

  return (
    <Card variant="outlined" data-testid={ids.decodeSection}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {DECODE_TEXTS.title}
        </Typography>
        <form onSubmit={submit} noValidate>
          <Stack spacing={1.5}>
            <TextField
              label="Certificate (PEM)"
              multiline
              minRows={4}
              maxRows={12}
              value={text}
              onChange={(e) => setText(e.target.value)}
              error={Boolean(error)}
              helperText={error ?? DECODE_TEXTS.hint}
              slotProps={{
                htmlInput: {
                  'data-testid': ids.decodeText,
                  spellCheck: false,
                  style: { fontFamily: 'monospace' },
                },
                formHelperText: { 'data-testid': ids.decodeError } as object,
              }}
            />
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={busy} data-testid={ids.decodeSubmit}>
                Decode
              </Button>
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={busy}>
                Choose file
                <input
                  type="file"
                  hidden
                  accept=".pem,.crt,.cer,application/x-pem-file,application/x-x509-ca-cert"
                  onChange={(e) => void chooseFile(e)}
                  data-testid={ids.decodeFile}
                />
              </Button>
            </Stack>
          </Stack>
        </form>
        {result && (
          <Box sx={{ mt: 2 }}>
            <CertificateDetails cert={result} testId={ids.decodeResult} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
