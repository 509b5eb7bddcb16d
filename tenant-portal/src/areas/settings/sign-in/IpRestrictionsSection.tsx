/**
 * The provider's IP restrictions of the tenant (docs/ip-restrictions.md), read-only whatever the
 * role: only the provider changes them. Shows whether they are on, the allowed addresses and
 * ranges, and whether the address this browser calls from is among them.
 */
import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { TenantIpRestrictions } from '@workbench/common/api/contract/signInSettings';
import { signInSettingsIds as ids } from '@workbench/common/test-ids/signInSettingsIds';

export const IP_RESTRICTIONS_TEXTS = {
  title: 'IP restrictions (set by your provider)',
  off: 'Off: the administration may be reached from any address (subject to the access control above).',
  on: 'On: the administration may be reached only from these addresses and ranges.',
  readOnly: 'Only your provider changes these: ask them to add an address.',
  yourAddress: (ip: string) => `This browser calls from ${ip}.`,
} as const;

export function IpRestrictionsSection({ restrictions }: { restrictions: TenantIpRestrictions }) {
  return (
    <Card variant="outlined" data-testid={ids.ipSection}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {IP_RESTRICTIONS_TEXTS.title}
        </Typography>
        <Stack spacing={1.5}>
          <Typography data-testid={ids.ipStatus}>
            {restrictions.enabled ? IP_RESTRICTIONS_TEXTS.on : IP_RESTRICTIONS_TEXTS.off}
          </Typography>
          {restrictions.allowed.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid={ids.ipAllowed}>
              {restrictions.allowed.map((r) => (
                <Chip key={r} size="small" label={r} sx={{ fontFamily: 'monospace' }} />
              ))}
            </Box>
          )}
          <Typography variant="body2" color="text.secondary">
            {IP_RESTRICTIONS_TEXTS.yourAddress(restrictions.your_address)}
          </Typography>
          <Alert severity="info">{IP_RESTRICTIONS_TEXTS.readOnly}</Alert>
        </Stack>
      </CardContent>
    </Card>
  );
}
