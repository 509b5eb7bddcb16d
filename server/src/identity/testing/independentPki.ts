/**
 * Certificates and signed SAML metadata made by independent tools, for the identity module's
 * tests: Debian's `openssl` (a CA, leaves signed by it, an expired and a not-yet-valid one, with
 * `openssl ca` for dates in the past or future) and `xmlsec1` (XML-DSig signing of metadata). None
 * of it is produced by our own code, so the tests check our parsing against what the tools wrote.
 *
 * .ci/run installs openssl and xmlsec1. Missing xmlsec1: under CI (CI=true) the suite fails, saying
 * so; elsewhere the signed-metadata tests are skipped with a loud warning.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const XMLSEC1 = '/usr/bin/xmlsec1';
export const XMLSEC1_MISSING_MESSAGE = `xmlsec1 not found at ${XMLSEC1}: install Debian's xmlsec1 package (apt-get install xmlsec1) to run the signed-metadata tests.`;

/** Whether the signed-metadata tests run here (throws under CI when xmlsec1 is missing). */
export function xmlsecTestsEnabled(): boolean {
  if (fs.existsSync(XMLSEC1)) return true;
  if (process.env.CI === 'true') throw new Error(XMLSEC1_MISSING_MESSAGE);
  console.warn(`\n*** SKIPPING the signed-metadata tests: ${XMLSEC1_MISSING_MESSAGE}\n`);
  return false;
}

const run = (command: string, args: string[], cwd: string): string => {
  try {
    return execFileSync(command, args, { cwd, stdio: 'pipe' }).toString();
  } catch (error) {
    const e = error as { stderr?: Buffer };
    throw new Error(`${command} ${args.join(' ')} failed: ${String(e.stderr ?? '')}`, { cause: error });
  }
};

export interface PkiFile {
  /** Paths of the PEM files. */
  cert: string;
  key: string;
  /** The certificate's PEM text. */
  pem: string;
  /** What `openssl x509 -fingerprint -sha256` prints, colon hex. */
  fingerprint: string;
}

export interface TestPki {
  dir: string;
  /** A self-signed CA, RSA 3072. */
  ca: PkiFile;
  /** A leaf signed by the CA, EC P-256, valid now. */
  leaf: PkiFile;
  /** A leaf signed by the CA, RSA 2048, valid in 2020 only. */
  expired: PkiFile;
  /** A leaf signed by the CA, RSA 2048, valid from 2099. */
  future: PkiFile;
  /** A self-signed RSA 2048 certificate valid now: an IdP's signing certificate. */
  idp: PkiFile;
  /** Another self-signed one (a stranger's key). */
  other: PkiFile;
  /** Removes the directory. */
  remove(): void;
}

const CA_CONFIG = `[ ca ]
default_ca = ca_default
[ ca_default ]
dir = .
database = ./index.txt
new_certs_dir = ./issued
serial = ./serial
default_md = sha256
policy = policy_any
unique_subject = no
[ policy_any ]
commonName = supplied
organizationName = optional
`;

/** Makes the test PKI in a new temporary directory with openssl. */
export function makeTestPki(): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-pki-'));
  const file = (name: string, key: string): PkiFile => {
    const cert = path.join(dir, `${name}.pem`);
    const pem = fs.readFileSync(cert, 'utf8');
    const fingerprint = run('openssl', ['x509', '-in', cert, '-noout', '-fingerprint', '-sha256'], dir)
      .trim()
      .replace(/^.*=/, '');
    return { cert, key: path.join(dir, key), pem, fingerprint };
  };
  const selfSigned = (name: string, subject: string, keyArgs: string[]) =>
    run(
      'openssl',
      [
        'req',
        '-x509',
        ...keyArgs,
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.pem`,
        '-days',
        '365',
        '-subj',
        subject,
      ],
      dir,
    );
  const signedByCa = (name: string, subject: string, keyArgs: string[], dates: string[]) => {
    run(
      'openssl',
      [
        'req',
        '-new',
        ...keyArgs,
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        subject,
      ],
      dir,
    );
    run(
      'openssl',
      [
        'ca',
        '-batch',
        '-notext',
        '-config',
        'ca.cnf',
        '-cert',
        'ca.pem',
        '-keyfile',
        'ca.key',
        '-in',
        `${name}.csr`,
        '-out',
        `${name}.pem`,
        ...dates,
      ],
      dir,
    );
  };
  fs.writeFileSync(path.join(dir, 'ca.cnf'), CA_CONFIG);
  fs.writeFileSync(path.join(dir, 'index.txt'), '');
  fs.writeFileSync(path.join(dir, 'serial'), '1000\n');
  fs.mkdirSync(path.join(dir, 'issued'));
  selfSigned('ca', '/CN=Workbench Test CA/O=Independent PKI', ['-newkey', 'rsa:3072']);
  signedByCa(
    'leaf',
    '/CN=leaf.example.test/O=Independent PKI',
    ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'],
    ['-days', '90'],
  );
  signedByCa(
    'expired',
    '/CN=expired.example.test',
    ['-newkey', 'rsa:2048'],
    ['-startdate', '20200101000000Z', '-enddate', '20201231000000Z'],
  );
  signedByCa(
    'future',
    '/CN=future.example.test',
    ['-newkey', 'rsa:2048'],
    ['-startdate', '20990101000000Z', '-enddate', '20991231000000Z'],
  );
  selfSigned('idp', '/CN=idp.example.test/O=Example IdP', ['-newkey', 'rsa:2048']);
  selfSigned('other', '/CN=attacker.example.test', ['-newkey', 'rsa:2048']);
  return {
    dir,
    ca: file('ca', 'ca.key'),
    leaf: file('leaf', 'leaf.key'),
    expired: file('expired', 'expired.key'),
    future: file('future', 'future.key'),
    idp: file('idp', 'idp.key'),
    other: file('other', 'other.key'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The base64 DER of a PEM certificate (as metadata carries it). */
export const derBase64 = (pem: string): string =>
  pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

export interface MetadataOptions {
  entityId: string;
  ssoUrls: Array<{ url: string; binding: string }>;
  /** PEM certificates listed as the IdP's signing keys. */
  signingCerts: string[];
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const HTTP_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
export const HTTP_REDIRECT = REDIRECT;

/** Metadata XML as an IdP publishes it, with an empty signature template when `signed`. */
export function metadataXml(o: MetadataOptions, signed: boolean): string {
  const keys = o.signingCerts
    .map(
      (pem) =>
        `    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${derBase64(pem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\n`,
    )
    .join('');
  const sso = o.ssoUrls
    .map((s) => `    <md:SingleSignOnService Binding="${s.binding}" Location="${s.url}"/>\n`)
    .join('');
  const template = signed
    ? `  <ds:Signature>
    <ds:SignedInfo>
      <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>
      <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>
      <ds:Reference URI="#_metadata">
        <ds:Transforms>
          <ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>
          <ds:Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>
        </ds:Transforms>
        <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
        <ds:DigestValue/>
      </ds:Reference>
    </ds:SignedInfo>
    <ds:SignatureValue/>
    <ds:KeyInfo><ds:X509Data><ds:X509Certificate/></ds:X509Data></ds:KeyInfo>
  </ds:Signature>
`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${o.entityId}" ID="_metadata">
${template}  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
${keys}${sso}  </md:IDPSSODescriptor>
</md:EntityDescriptor>
`;
}

/** Signed metadata: the template signed by xmlsec1 with `signer`'s key, its certificate in KeyInfo. */
export function signedMetadata(pki: TestPki, o: MetadataOptions, signer: PkiFile): string {
  const name = `md-${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(path.join(pki.dir, `${name}.xml`), metadataXml(o, true));
  run(
    XMLSEC1,
    [
      '--sign',
      '--privkey-pem',
      `${signer.key},${signer.cert}`,
      '--id-attr:ID',
      'urn:oasis:names:tc:SAML:2.0:metadata:EntityDescriptor',
      '--output',
      `${name}.signed.xml`,
      `${name}.xml`,
    ],
    pki.dir,
  );
  return fs.readFileSync(path.join(pki.dir, `${name}.signed.xml`), 'utf8');
}
