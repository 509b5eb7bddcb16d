/**
 * A decoded X.509 certificate as the server read it (CertificateInfo: POST decodeCert, an IdP's
 * signing certificates, the service's own): subject, issuer, validity with expired or not yet
 * valid flagged, SHA-256 fingerprint, key.
 */
import { Box, Chip, Typography } from '@mui/material';
import type { CertificateInfo } from '@workbench/common/api/contract/signInSettings';
import { utcMinute as utc } from '../utcMinute';

export const CERTIFICATE_STATUS_LABELS: Record<CertificateInfo['status'], string> = {
  valid: 'Valid',
  expired: 'Expired',
  not_yet_valid: 'Not yet valid',
};

export function CertificateDetails({ cert, testId }: { cert: CertificateInfo; testId?: string }) {
  const rows: Array<[string, string]> = [
    ['Subject', cert.subject],
    ['Issuer', cert.self_signed ? `${cert.issuer} (self-signed)` : cert.issuer],
    ['Valid from', utc(cert.not_before)],
    ['Valid until', utc(cert.not_after)],
    ['SHA-256 fingerprint', cert.fingerprint_sha256],
    ['Key', cert.key_size === null ? cert.key_algorithm : `${cert.key_algorithm} ${cert.key_size} bits`],
    ['Signature', cert.signature_algorithm],
    ['Serial number', cert.serial_number],
  ];
  return (
    <Box data-testid={testId}>
      <Chip
        size="small"
        sx={{ mb: 1 }}
        color={cert.status === 'valid' ? 'success' : 'error'}
        label={CERTIFICATE_STATUS_LABELS[cert.status]}
        data-testid={testId ? `${testId}-status` : undefined}
      />
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{
                m: 0,
                overflowWrap: 'anywhere',
                fontFamily: label === 'SHA-256 fingerprint' ? 'monospace' : undefined,
              }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
