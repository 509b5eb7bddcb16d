/**
 * Settings › Sign-in settings (issue 33 point 4; docs/sign-in-settings.md): single sign-on with
 * SAML identity providers, the LDAP directory, the administration access control, the provider's
 * IP restrictions (read-only: only the provider changes them), and a certificate decoder. Each part reads and writes with its own permission (settings:auth,
 * settings:admin_access_control): a reader sees the settings without write controls. Loads and
 * writes through the entity feature's requests (app/portalRequests.ts).
 */
import { Alert, Box, Stack, Typography } from '@mui/material';
import { selectCan, selectFeature, useAppSelector } from '@workbench/common';
import {
  ACCESS_CONTROL_READ_PERMISSION,
  ACCESS_CONTROL_WRITE_PERMISSION,
  IDP_LIST_DEFAULT_LIMIT,
  SIGN_IN_READ_PERMISSION,
  SIGN_IN_WRITE_PERMISSION,
} from '@workbench/common/api/contract/signInSettings';
import { Loading, LoadFailed } from '@workbench/common/components/page-states/index';
import { useExtension } from '@workbench/common/features/extensions/useExtension';
import { signInSettingsIds as ids } from '@workbench/common/test-ids/signInSettingsIds';
import { useEntityRead } from '../settingsRequests';
import { AreaPage } from '../../AreaPage';
import { AdminAccessControlSection } from './AdminAccessControlSection';
import { DecodeCertificateSection } from './DecodeCertificateSection';
import { IpRestrictionsSection } from './IpRestrictionsSection';
import { LdapSection } from './LdapSection';
import { SingleSignOnSection } from './SingleSignOnSection';

export const SIGN_IN_TEXTS = {
  title: 'Sign-in Settings',
  intro: 'How this tenant’s administrators sign in, and from where the administration may be reached.',
} as const;

export function SignInSettingsPage() {
  const canReadAuth = useAppSelector(selectCan(SIGN_IN_READ_PERMISSION));
  const canWriteAuth = useAppSelector(selectCan(SIGN_IN_WRITE_PERMISSION));
  const canReadAccess = useAppSelector(selectCan(ACCESS_CONTROL_READ_PERMISSION));
  const canWriteAccess = useAppSelector(selectCan(ACCESS_CONTROL_WRITE_PERMISSION));
  const hasSso = useAppSelector(selectFeature('sso'));
  // The v2 list (every IdP, the first IDP_LIST_DEFAULT_LIMIT): v1 shows only the first.
  const auth = useEntityRead('getAuthSettingsV2', [IDP_LIST_DEFAULT_LIMIT], { enabled: canReadAuth });
  const saml = useEntityRead('getSamlSetting', [], { enabled: canReadAuth && hasSso });
  const access = useEntityRead('getAdminAccessControl', [], { enabled: canReadAccess });
  const ipOffered = useExtension('ip-restrictions-read');
  const ip = useEntityRead('getTenantIpRestrictions', [], { enabled: canReadAccess && ipOffered });

  const authSaved = () => {
    auth.reload();
    if (hasSso) saml.reload();
  };

  return (
    <AreaPage title={SIGN_IN_TEXTS.title}>
      <Box data-testid={ids.page}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {SIGN_IN_TEXTS.intro}
        </Typography>
        <Stack spacing={3} sx={{ maxWidth: 960 }}>
          {canReadAuth &&
            (auth.status === 'failed' ? (
              <LoadFailed
                message={auth.error?.message ?? 'The sign-in settings were not loaded.'}
                onRetry={auth.reload}
              />
            ) : auth.data === null ? (
              <Loading label="Loading the sign-in settings" />
            ) : (
              <>
                {saml.status === 'failed' && (
                  <LoadFailed
                    message={saml.error?.message ?? 'The SAML settings were not loaded.'}
                    onRetry={saml.reload}
                  />
                )}
                <SingleSignOnSection
                  auth={auth.data}
                  saml={saml.data}
                  canWrite={canWriteAuth}
                  onSaved={authSaved}
                />
                <LdapSection auth={auth.data} canWrite={canWriteAuth} onSaved={authSaved} />
              </>
            ))}
          {canReadAccess &&
            (access.status === 'failed' ? (
              <LoadFailed
                message={access.error?.message ?? 'The administration access control was not loaded.'}
                onRetry={access.reload}
              />
            ) : access.data === null ? (
              <Loading label="Loading the administration access control" />
            ) : (
              <AdminAccessControlSection
                access={access.data}
                canWrite={canWriteAccess}
                onSaved={access.reload}
              />
            ))}
          {canReadAccess && ipOffered && ip.status === 'failed' && (
            <LoadFailed
              message={ip.error?.message ?? 'The IP restrictions were not loaded.'}
              onRetry={ip.reload}
            />
          )}
          {canReadAccess && ipOffered && ip.data && <IpRestrictionsSection restrictions={ip.data} />}
          <DecodeCertificateSection />
          {!canReadAuth && !canReadAccess && (
            <Alert severity="info">You do not have permission to see the sign-in settings.</Alert>
          )}
        </Stack>
      </Box>
    </AreaPage>
  );
}
