/**
 * Single sign-on with SAML (docs/sign-in-settings.md "Identity providers"): what the IdP's
 * administrator needs of us (our entity id and signing certificate, to download), the identity
 * providers configured (entity id, SSO URLs, certificates), uploading an IdP's metadata XML (the
 * server parses it and refuses unsigned or malformed metadata, with the reason shown here), removing
 * one, and turning single sign-on on or off. Without the tenant's `sso` feature the section says so.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import { selectFeature, selectUser, snackbarShown, useAppDispatch, useAppSelector } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import {
  METADATA_TEXT_MAX,
  type AuthSettingsV2,
  type AuthSettingsV2Write,
  type IdentityProvider,
  type SamlSetting,
} from '@workbench/common/api/contract/signInSettings';
import { downloadFile } from '@workbench/common/formatting/downloadFile';
import { readFileText } from '@workbench/common/features/import-wizard/importParsing';
import { signInSettingsIds as ids } from '@workbench/common/test-ids/signInSettingsIds';
import { useEntityCall } from '../settingsRequests';
import { utcMinute } from '../utcMinute';
import { CertificateDetails } from './CertificateDetails';
import { authSaveOf, idpsAfterUpload, idpsKept } from './signInForms';

export const SSO_TEXTS = {
  title: 'Single sign-on (SAML)',
  noFeature: 'Single sign-on is not part of this tenant’s plan: ask your provider to add it.',
  enabled: 'Administrators sign in with single sign-on',
  sp: 'For your identity provider',
  idps: 'Identity providers',
  noIdp: 'No identity provider yet: upload its metadata to add one.',
  upload: 'Upload IdP metadata (XML)',
  uploadHint:
    'The metadata file your identity provider publishes, signed by its key. The service reads the entity id, the sign-in URLs and the certificates from it.',
  tooLarge: `The file is larger than ${METADATA_TEXT_MAX.toLocaleString('en-US')} characters: is it the metadata?`,
  uploaded: (entityId: string) => `The identity provider ${entityId} was saved.`,
  removed: (entityId: string) => `The identity provider ${entityId} was removed.`,
  download: 'Download signing certificate',
} as const;

function IdpCard({
  idp,
  index,
  canWrite,
  busy,
  onRemove,
}: {
  idp: IdentityProvider;
  index: number;
  canWrite: boolean;
  busy: boolean;
  onRemove(): void;
}) {
  return (
    <Card variant="outlined" data-testid={`${ids.idp}-${index}`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" color="text.secondary">
              Entity id
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }} data-testid={`${ids.idpEntityId}-${index}`}>
              {idp.entity_id}
            </Typography>
          </Box>
          {canWrite && (
            <Button
              color="error"
              size="small"
              disabled={busy}
              onClick={onRemove}
              aria-label={`Remove the identity provider ${idp.entity_id}`}
              data-testid={`${ids.idpRemove}-${index}`}
            >
              Remove
            </Button>
          )}
        </Stack>
        <Typography variant="subtitle2" color="text.secondary">
          Sign-in URLs
        </Typography>
        <Box component="ul" sx={{ mt: 0, pl: 2.5 }}>
          {idp.sso_urls.map((u) => (
            <li key={`${u.binding} ${u.url}`}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {u.url}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  ({u.binding.replace(/^.*:/, '')})
                </Typography>
              </Typography>
            </li>
          ))}
        </Box>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
          Signing certificates
        </Typography>
        <Stack spacing={1.5} divider={<Divider flexItem />}>
          {idp.certificates.map((c) => (
            <CertificateDetails key={c.fingerprint_sha256} cert={c} />
          ))}
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Uploaded by {idp.uploaded_by}, {utcMinute(idp.uploaded_at)}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function SingleSignOnSection({
  auth,
  saml,
  canWrite,
  onSaved,
}: {
  auth: AuthSettingsV2;
  saml: SamlSetting | null;
  canWrite: boolean;
  /** After a save: the page reads the settings again. */
  onSaved(): void;
}) {
  const dispatch = useAppDispatch();
  const hasSso = useAppSelector(selectFeature('sso'));
  const multiple = useAppSelector(selectFeature('multiple_idp'));
  const tenant = useAppSelector(selectUser)?.tenant_name ?? 'tenant';
  const save = useEntityCall('saveAuthSettingsV2');
  const signingCert = useEntityCall('getSamlSigningCertificate');
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [metadataError, setMetadataError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (body: AuthSettingsV2Write, done: string) => {
    setBusy(true);
    setError(null);
    setMetadataError(null);
    try {
      await save(body);
      dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: done }));
      onSaved();
    } catch (e) {
      const info = toErrorInfo(e, 'saveAuthSettingsV2');
      // A refused metadata document belongs at the upload; anything else above the section.
      if (/\.metadata$/.test(info.field ?? '')) setMetadataError(info.message);
      else setError(info.message);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await readFileText(file);
    if (text.length > METADATA_TEXT_MAX) {
      setMetadataError(SSO_TEXTS.tooLarge);
      return;
    }
    await run(
      authSaveOf(auth, { idps: idpsAfterUpload(auth, text, multiple) }),
      `The metadata ${file.name} was uploaded.`,
    );
  };

  const remove = (index: number) => {
    const idps = idpsKept(auth).filter((_, i) => i !== index);
    void run(
      // Without an IdP single sign-on cannot stay on (the server refuses it): it goes off with the last.
      authSaveOf(auth, { idps, sso_enabled: auth.sso_enabled && idps.length > 0 }),
      SSO_TEXTS.removed(auth.idps[index]?.entity_id ?? ''),
    );
  };

  const download = () =>
    signingCert().then(
      (pem) => downloadFile(`saml-signing-${tenant}.pem`, pem, 'application/x-pem-file'),
      (e: unknown) =>
        dispatch(snackbarShown({ kind: 'download', outcome: 'failed', message: toErrorInfo(e).message })),
    );

  return (
    <Card variant="outlined" data-testid={ids.ssoSection}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {SSO_TEXTS.title}
        </Typography>
        {!hasSso ? (
          <Alert severity="info">{SSO_TEXTS.noFeature}</Alert>
        ) : (
          <Stack spacing={2}>
            {error && (
              <Alert severity="error" data-testid={ids.ssoError} onClose={() => setError(null)}>
                {error}
              </Alert>
            )}
            <FormControlLabel
              control={
                <Switch
                  checked={auth.sso_enabled}
                  disabled={!canWrite || busy}
                  onChange={(e) =>
                    void run(
                      authSaveOf(auth, { sso_enabled: e.target.checked }),
                      e.target.checked ? 'Single sign-on is on.' : 'Single sign-on is off.',
                    )
                  }
                  slotProps={{ input: { 'data-testid': ids.ssoEnabled } as object }}
                />
              }
              label={SSO_TEXTS.enabled}
            />
            {saml && (
              <Box>
                <Typography variant="subtitle1" sx={{ mb: 1 }}>
                  {SSO_TEXTS.sp}
                </Typography>
                <Typography variant="subtitle2" color="text.secondary">
                  Our entity id
                </Typography>
                <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid={ids.spEntityId}>
                  {saml.sp.entity_id}
                </Typography>
                <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
                  Our signing certificate
                </Typography>
                <CertificateDetails cert={saml.sp.signing_certificate} testId={ids.spCertificate} />
                <Button
                  sx={{ mt: 1 }}
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  onClick={() => void download()}
                  data-testid={ids.downloadSigningCert}
                >
                  {SSO_TEXTS.download}
                </Button>
              </Box>
            )}
            <Divider />
            <Typography variant="subtitle1">{SSO_TEXTS.idps}</Typography>
            {auth.idps.length === 0 && <Typography color="text.secondary">{SSO_TEXTS.noIdp}</Typography>}
            {auth.idps.map((idp, i) => (
              <IdpCard
                key={idp.entity_id}
                idp={idp}
                index={i}
                canWrite={canWrite}
                busy={busy}
                onRemove={() => remove(i)}
              />
            ))}
            {auth.total > auth.idps.length && (
              <Typography color="text.secondary">
                and {auth.total - auth.idps.length} more identity providers
              </Typography>
            )}
            {canWrite && (
              <Box>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                  hidden
                  onChange={(e) => void upload(e)}
                  aria-label={SSO_TEXTS.upload}
                  data-testid={ids.metadataFile}
                />
                <Button
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  disabled={busy}
                  onClick={() => fileInput.current?.click()}
                >
                  {SSO_TEXTS.upload}
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {SSO_TEXTS.uploadHint}
                  {multiple ? ' It is added to the list.' : ' It replaces the identity provider above.'}
                </Typography>
                {metadataError && (
                  <Alert severity="error" sx={{ mt: 1 }} data-testid={ids.metadataError}>
                    {metadataError}
                  </Alert>
                )}
              </Box>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
