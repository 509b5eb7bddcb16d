/**
 * Settings › Network (docs/settings.md §10): the egress IP list (with the caller's own address
 * offered as a line), fixed egress and its users, and the deployment's public addresses (what a
 * firewall lets through, and what fixed egress leaves from). `settings:network:read` or
 * `settings_cmr:network:read` to see, `:write` to change. Loads and writes through the entity feature's requests.
 */
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { selectAccessController, useAppSelector } from '@workbench/common';
import {
  SETTINGS_DOCUMENTS,
  documentReadPermission,
  documentWritePermission,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { networkSettingsIds as ids } from '@workbench/common/test-ids/index';
import { useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';
import { SettingsDocumentForm } from '../SettingsDocumentForm';

export const NETWORK_TEXTS = {
  title: 'Network',
  intro: 'Where your users’ traffic comes from, and the addresses the service uses.',
  yourIp: 'Your address as the service sees it',
  addYourIp: 'Add my address',
  publicIps: 'The service’s public addresses',
  publicIpsIntro: 'Allow these in your firewalls; fixed egress traffic leaves from them.',
  noPublicIps: 'This deployment lists no public addresses.',
  noAccess: 'You do not have permission to see the network settings.',
} as const;

const NETWORK = SETTINGS_DOCUMENTS.egress_ips;

export function NetworkSettingsPage() {
  const access = useAppSelector(selectAccessController);
  const canRead = access.allows(documentReadPermission(NETWORK));
  const canWrite = access.allows(documentWritePermission(NETWORK));
  const egress = useEntityRead('getSettingsDocument', ['egress_ips'], { enabled: canRead });
  const fixed = useEntityRead('getSettingsDocument', ['fixed_egress'], { enabled: canRead });
  const userIp = useEntityRead('getUserIp', [], { enabled: canRead });
  const publicIps = useEntityRead('getAllPublicIps', [], { enabled: canRead });

  return (
    <AreaPage title={NETWORK_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {NETWORK_TEXTS.intro}
        </Typography>
        {!canRead ? (
          <Alert severity="info">{NETWORK_TEXTS.noAccess}</Alert>
        ) : (
          <Stack spacing={3}>
            {egress.status === 'failed' ? (
              <LoadFailed
                message={egress.error?.message ?? 'The egress IPs were not loaded.'}
                onRetry={egress.reload}
              />
            ) : egress.data === null ? (
              <Loading label="Loading the egress IPs" />
            ) : (
              <SettingsDocumentForm
                docKey="egress_ips"
                doc={egress.data}
                canWrite={canWrite}
                onReload={egress.reload}
                offer={
                  userIp.data
                    ? {
                        field: 'ips',
                        value: userIp.data.ip,
                        label: NETWORK_TEXTS.addYourIp,
                        testId: ids.addUserIp,
                      }
                    : undefined
                }
              />
            )}
            {fixed.status === 'failed' ? (
              <LoadFailed
                message={fixed.error?.message ?? 'Fixed egress was not loaded.'}
                onRetry={fixed.reload}
              />
            ) : fixed.data === null ? (
              <Loading label="Loading fixed egress" />
            ) : (
              <SettingsDocumentForm
                docKey="fixed_egress"
                doc={fixed.data}
                canWrite={canWrite}
                onReload={fixed.reload}
              />
            )}
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                  {NETWORK_TEXTS.yourIp}
                </Typography>
                <Typography data-testid={ids.userIp} sx={{ fontFamily: 'monospace', mb: 3 }}>
                  {userIp.data?.ip ?? (userIp.status === 'failed' ? userIp.error?.message : '…')}
                </Typography>
                <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                  {NETWORK_TEXTS.publicIps}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 1 }}>
                  {NETWORK_TEXTS.publicIpsIntro}
                </Typography>
                <Box data-testid={ids.publicIps}>
                  {publicIps.status === 'failed' ? (
                    <LoadFailed
                      message={publicIps.error?.message ?? 'The public addresses were not loaded.'}
                      onRetry={publicIps.reload}
                    />
                  ) : publicIps.data === null ? (
                    <Loading label="Loading the public addresses" />
                  ) : publicIps.data.ips.length === 0 ? (
                    <Typography>{NETWORK_TEXTS.noPublicIps}</Typography>
                  ) : (
                    <Box component="ul" sx={{ m: 0, pl: 2.5, fontFamily: 'monospace' }}>
                      {publicIps.data.ips.map((ip) => (
                        <li key={ip}>{ip}</li>
                      ))}
                    </Box>
                  )}
                </Box>
              </CardContent>
            </Card>
          </Stack>
        )}
      </Box>
    </AreaPage>
  );
}
