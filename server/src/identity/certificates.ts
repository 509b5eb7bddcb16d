/**
 * X.509 certificates (issue 33): decode one a user pastes or a metadata document carries, and make
 * the service's own signing certificate. One place for the server's certificate handling, reused
 * by the sign-in settings (decodeCert, the IdP's certificates, the SAML signing certificate) and,
 * later, private-access certificates and the appliance's CA and CSR (identity/README.md).
 *
 * Parsing is @peculiar/x509's (ASN.1 by @peculiar/asn1-schema), never our own; it needs the
 * reflect-metadata polyfill loaded first and a WebCrypto provider (Node's).
 */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { CertificateInfo } from '@workbench/common/api/contract/signInSettings';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

/** Why a text is not a certificate (the message of a 400 naming the field). */
export class CertificateProblem extends Error {}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;
/** Base64 once whitespace is removed: its alphabet, padding only at the end, whole quads. */
const isBase64 = (text: string): boolean => {
  const compact = text.replace(/\s+/g, '');
  return compact.length > 0 && compact.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(compact);
};

/**
 * The DER bytes of the one certificate in `text`: a PEM block, or bare base64 DER (as SAML
 * metadata carries it). More than one PEM block is refused: the caller asked about one.
 */
function derOf(text: string): Buffer {
  const blocks = [...text.matchAll(PEM_BLOCK)];
  if (blocks.length > 1)
    throw new CertificateProblem(`The text holds ${blocks.length} certificates; paste one at a time.`);
  const body = blocks.length === 1 ? blocks[0][1] : text;
  if (blocks.length === 0 && /-----BEGIN [A-Z ]+-----/.test(text)) {
    const kind = /-----BEGIN ([A-Z ]+)-----/.exec(text)?.[1] ?? '';
    throw new CertificateProblem(`This is a ${kind.toLowerCase()}, not a certificate.`);
  }
  if (!isBase64(body))
    throw new CertificateProblem(
      'Not a certificate: expected PEM (-----BEGIN CERTIFICATE-----) or base64 DER.',
    );
  const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (der.length === 0) throw new CertificateProblem('The certificate is empty.');
  return der;
}

/** Uppercase hex pairs joined by colons, as `openssl x509 -fingerprint` prints them. */
const colonHex = (bytes: ArrayBuffer): string =>
  Buffer.from(bytes)
    .toString('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');

const CURVE_BITS: Record<string, number> = { 'P-256': 256, 'P-384': 384, 'P-521': 521, K256: 256 };

/** The key's algorithm as users know it (RSA, EC, Ed25519) and its size in bits. */
function keyOf(cert: x509.X509Certificate): { key_algorithm: string; key_size: number | null } {
  const alg = cert.publicKey.algorithm as Algorithm & { modulusLength?: number; namedCurve?: string };
  if (alg.modulusLength) return { key_algorithm: 'RSA', key_size: alg.modulusLength };
  if (alg.namedCurve)
    return { key_algorithm: `EC ${alg.namedCurve}`, key_size: CURVE_BITS[alg.namedCurve] ?? null };
  if (alg.name === 'Ed25519') return { key_algorithm: 'Ed25519', key_size: 256 };
  if (alg.name === 'Ed448') return { key_algorithm: 'Ed448', key_size: 456 };
  return { key_algorithm: alg.name, key_size: null };
}

/** The certificate's signature algorithm, e.g. `sha256WithRSAEncryption`-like `RSASSA-PKCS1-v1_5 SHA-256`. */
function signatureOf(cert: x509.X509Certificate): string {
  const alg = cert.signatureAlgorithm as Algorithm & { hash?: Algorithm };
  return alg.hash ? `${alg.name} ${alg.hash.name}` : alg.name;
}

/** The PEM text of DER bytes, 64 characters a line. */
export const pemOf = (der: Buffer | ArrayBuffer, label = 'CERTIFICATE'): string =>
  `-----BEGIN ${label}-----\n${(
    Buffer.from(der as ArrayBuffer)
      .toString('base64')
      .match(/.{1,64}/g) ?? []
  ).join('\n')}\n-----END ${label}-----\n`;

/**
 * What a user needs to know of a certificate: whose it is, who vouches for it, when it is valid
 * (and whether it is now: `status`), its SHA-256 fingerprint, and its key. Throws
 * CertificateProblem with the reason when `text` is not one certificate.
 */
export async function decodeCertificate(text: string, now: Date): Promise<CertificateInfo> {
  const der = derOf(text);
  let cert: x509.X509Certificate;
  try {
    cert = new x509.X509Certificate(new Uint8Array(der).buffer);
  } catch (error) {
    throw new CertificateProblem(`Not a valid X.509 certificate (${(error as Error).message}).`);
  }
  const notBefore = cert.notBefore;
  const notAfter = cert.notAfter;
  const status = now < notBefore ? 'not_yet_valid' : now > notAfter ? 'expired' : 'valid';
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    common_name: cert.subjectName.getField('CN')[0] ?? null,
    serial_number: cert.serialNumber,
    not_before: notBefore.toISOString(),
    not_after: notAfter.toISOString(),
    status,
    self_signed: cert.subject === cert.issuer,
    fingerprint_sha256: colonHex(await cert.getThumbprint('SHA-256')),
    ...keyOf(cert),
    signature_algorithm: signatureOf(cert),
    pem: pemOf(der),
  };
}

/** A key pair and its self-signed certificate, both PEM (the private key PKCS#8). */
export interface SelfSignedCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

/** What a self-signed certificate is for, and so its key and extensions. */
export interface SelfSignedOptions {
  /**
   * `RSA 2048` (the default: the service's SAML signing certificate, which every IdP accepts) or
   * `EC P-256`, whose key is made in well under a millisecond where RSA 2048 takes ~100-300 ms
   * (the demo CAs of every first start).
   */
  key?: 'RSA 2048' | 'EC P-256';
  /**
   * A CA certificate for signing certificates only (basic constraints CA with no intermediates,
   * key usage certificate and CRL signing, subject key identifier); else a signing one.
   */
  ca?: boolean;
}

/** The keys (and SHA-256 signatures) the service makes; the appliance's CSRs use RSA 2048 too. */
export const KEY_ALGORITHMS = {
  'RSA 2048': {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  },
  'EC P-256': { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' },
} as const;

/**
 * A new key and a self-signed SHA-256 certificate for it, valid from `now` for `days`, subject
 * `CN=<commonName>` (the service's SAML signing certificate; the demo tenants' CAs; the appliance's CA).
 */
export async function makeSelfSignedCertificate(
  commonName: string,
  now: Date,
  days: number,
  options: SelfSignedOptions = {},
): Promise<SelfSignedCertificate> {
  const algorithm = KEY_ALGORITHMS[options.key ?? 'RSA 2048'];
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const serial = Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)));
  serial[0] &= 0x7f; // a positive serial number (RFC 5280 4.1.2.2)
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial.toString('hex'),
    name: new x509.Name([{ CN: [commonName] }]),
    notBefore: now,
    notAfter: new Date(now.getTime() + days * 86_400_000),
    signingAlgorithm: algorithm,
    keys: keys as unknown as CryptoKeyPair,
    extensions: options.ca
      ? [
          new x509.BasicConstraintsExtension(true, 0, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
          await x509.SubjectKeyIdentifierExtension.create(keys.publicKey as unknown as CryptoKey),
        ]
      : [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { certificatePem: cert.toString('pem') + '\n', privateKeyPem: pemOf(pkcs8, 'PRIVATE KEY') };
}
