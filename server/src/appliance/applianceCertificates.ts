/**
 * The appliance's own certificates (docs/appliances.md): its CA (a self-signed RSA 2048 / SHA-256
 * CA certificate, made on first start and again on reinitialise) and the service certificate's
 * CSR (a new key pair, the request signed with it). X.509 is @peculiar/x509's over Node's
 * WebCrypto (identity/certificates.ts sets the provider).
 */
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { KEY_ALGORITHMS, makeSelfSignedCertificate, pemOf } from '../identity/certificates';

const RSA = KEY_ALGORITHMS['RSA 2048'];

export interface KeyedPem {
  pem: string;
  privateKeyPem: string;
}

const newKeys = async () =>
  (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as unknown as CryptoKeyPair;
const pkcs8Pem = async (keys: CryptoKeyPair) =>
  pemOf(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey as never), 'PRIVATE KEY');

/** A new CA: `CN=<commonName>`, RSA 2048, valid `days` from `now`, for signing certificates only. */
export async function makeApplianceCa(commonName: string, now: Date, days = 3650): Promise<KeyedPem> {
  const made = await makeSelfSignedCertificate(commonName, now, days, { ca: true });
  return { pem: made.certificatePem, privateKeyPem: made.privateKeyPem };
}

export interface ServiceCsr extends KeyedPem {
  subject: string;
  altNames: string[];
}

/** A new key pair and its PKCS#10 request: subject CN (and O, C when given), DNS names CN + alt names. */
export async function makeServiceCsr(subject: {
  common_name: string;
  organization?: string;
  country?: string;
  alt_names?: string[];
}): Promise<ServiceCsr> {
  const keys = await newKeys();
  const name: x509.JsonName = [{ CN: [subject.common_name] }];
  if (subject.organization) name.push({ O: [subject.organization] });
  if (subject.country) name.push({ C: [subject.country] });
  const altNames = [...new Set([subject.common_name, ...(subject.alt_names ?? [])])];
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: new x509.Name(name),
    keys,
    signingAlgorithm: RSA,
    extensions: [
      new x509.SubjectAlternativeNameExtension(altNames.map((value) => ({ type: 'dns' as const, value }))),
    ],
  });
  return {
    pem: csr.toString('pem') + '\n',
    privateKeyPem: await pkcs8Pem(keys),
    subject: csr.subject,
    altNames,
  };
}

/** Whether the certificate (PEM) carries the public key of the request (PEM). */
export function certificateMatchesCsr(certPem: string, csrPem: string): boolean {
  const cert = new x509.X509Certificate(certPem);
  const csr = new x509.Pkcs10CertificateRequest(csrPem);
  return Buffer.from(cert.publicKey.rawData).equals(Buffer.from(csr.publicKey.rawData));
}
