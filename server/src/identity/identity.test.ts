/**
 * The identity module against files made by independent tools (testing/independentPki.ts:
 * openssl for certificates, xmlsec1 for signed metadata).
 */
import fs from 'node:fs';
import { CertificateProblem, decodeCertificate } from './certificates';
import { MetadataProblem, parseIdpMetadata } from './idpMetadata';
import {
  HTTP_POST,
  HTTP_REDIRECT,
  derBase64,
  makeTestPki,
  metadataXml,
  signedMetadata,
  xmlsecTestsEnabled,
  type TestPki,
} from './testing/independentPki';

let NOW: Date;
let pki: TestPki;
beforeAll(() => {
  pki = makeTestPki();
  // openssl dates its certificates to the second: read them a moment later.
  NOW = new Date(Date.now() + 2000);
});
afterAll(() => pki?.remove());

describe('decodeCertificate', () => {
  it("reads an openssl CA's leaf: subject, issuer, validity, the fingerprint openssl prints, EC key size", async () => {
    const info = await decodeCertificate(pki.leaf.pem, NOW);
    expect(info.subject).toBe('CN=leaf.example.test, O=Independent PKI');
    expect(info.issuer).toBe('CN=Workbench Test CA, O=Independent PKI');
    expect(info.common_name).toBe('leaf.example.test');
    expect(info.fingerprint_sha256).toBe(pki.leaf.fingerprint);
    expect(info).toMatchObject({
      key_algorithm: 'EC P-256',
      key_size: 256,
      status: 'valid',
      self_signed: false,
    });
    expect(new Date(info.not_after).getTime() - new Date(info.not_before).getTime()).toBe(90 * 86_400_000);
  });

  it('reads the RSA key size of the CA and says it is self-signed', async () => {
    const info = await decodeCertificate(pki.ca.pem, NOW);
    expect(info).toMatchObject({ key_algorithm: 'RSA', key_size: 3072, self_signed: true, status: 'valid' });
    expect(info.fingerprint_sha256).toBe(pki.ca.fingerprint);
  });

  it('flags an expired and a not-yet-valid certificate with their dates', async () => {
    const expired = await decodeCertificate(pki.expired.pem, NOW);
    expect(expired).toMatchObject({ status: 'expired', not_after: '2020-12-31T00:00:00.000Z' });
    const future = await decodeCertificate(pki.future.pem, NOW);
    expect(future).toMatchObject({ status: 'not_yet_valid', not_before: '2099-01-01T00:00:00.000Z' });
  });

  it('takes bare base64 DER (as metadata carries it)', async () => {
    expect((await decodeCertificate(derBase64(pki.idp.pem), NOW)).fingerprint_sha256).toBe(
      pki.idp.fingerprint,
    );
  });

  it('refuses what is not one certificate, with the reason', async () => {
    await expect(decodeCertificate('hello world!', NOW)).rejects.toThrow(CertificateProblem);
    await expect(decodeCertificate('aGVsbG8gd29ybGQ=', NOW)).rejects.toThrow(
      /Not a valid X\.509 certificate/,
    );
    await expect(decodeCertificate(pki.leaf.pem + pki.ca.pem, NOW)).rejects.toThrow(/holds 2 certificates/);
    const key = fs.readFileSync(pki.leaf.key, 'utf8');
    await expect(decodeCertificate(key, NOW)).rejects.toThrow(/private key, not a certificate/);
  });
});

const describeSigned = xmlsecTestsEnabled() ? describe : describe.skip;

describeSigned('parseIdpMetadata (signed by xmlsec1)', () => {
  const options = () => ({
    entityId: 'https://idp.example.test/saml/metadata',
    ssoUrls: [
      { url: 'https://idp.example.test/sso/redirect', binding: HTTP_REDIRECT },
      { url: 'https://idp.example.test/sso/post', binding: HTTP_POST },
    ],
    signingCerts: [pki.idp.pem],
  });

  it('reads entity id, SSO URLs with bindings and the signing certificate of signed metadata', async () => {
    const parsed = await parseIdpMetadata(signedMetadata(pki, options(), pki.idp), NOW);
    expect(parsed.entity_id).toBe('https://idp.example.test/saml/metadata');
    expect(parsed.sso_urls).toEqual(options().ssoUrls);
    expect(parsed.certificates.map((c) => c.fingerprint_sha256)).toEqual([pki.idp.fingerprint]);
    expect(parsed.metadata_signed_by).toBe(pki.idp.fingerprint);
  });

  it('refuses unsigned metadata', async () => {
    await expect(parseIdpMetadata(metadataXml(options(), false), NOW)).rejects.toThrow(
      /The metadata is not signed/,
    );
  });

  it('refuses metadata changed after signing', async () => {
    const tampered = signedMetadata(pki, options(), pki.idp).replace(
      'https://idp.example.test/sso/redirect',
      'https://evil.example.test/sso',
    );
    await expect(parseIdpMetadata(tampered, NOW)).rejects.toThrow(/signature does not verify/);
  });

  it("refuses metadata signed by a key that is not one of the IdP's signing certificates", async () => {
    await expect(parseIdpMetadata(signedMetadata(pki, options(), pki.other), NOW)).rejects.toThrow(
      /not one of its own signing certificates/,
    );
  });

  it('refuses malformed XML with line and column, a DOCTYPE, and metadata without SSO URL', async () => {
    await expect(parseIdpMetadata('<md:EntityDescriptor><oops></md:EntityDescriptor>', NOW)).rejects.toThrow(
      /not well-formed XML: .*line 1/,
    );
    await expect(parseIdpMetadata('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', NOW)).rejects.toThrow(
      /DOCTYPE/,
    );
    await expect(parseIdpMetadata('<x/>', NOW)).rejects.toThrow(MetadataProblem);
    const noSso = signedMetadata(
      pki,
      {
        ...options(),
        ssoUrls: [
          { url: 'https://idp.example.test/soap', binding: 'urn:oasis:names:tc:SAML:2.0:bindings:SOAP' },
        ],
      },
      pki.idp,
    );
    await expect(parseIdpMetadata(noSso, NOW)).rejects.toThrow(/HTTP-Redirect or HTTP-POST/);
    const plainHttp = signedMetadata(
      pki,
      { ...options(), ssoUrls: [{ url: 'http://idp.example.test/sso', binding: HTTP_REDIRECT }] },
      pki.idp,
    );
    await expect(parseIdpMetadata(plainHttp, NOW)).rejects.toThrow(
      /"http:\/\/idp.example.test\/sso" is not an https URL/,
    );
  });
});
