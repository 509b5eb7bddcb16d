import { pemCertificate } from './certificates';

// 100 bytes of DER-like data in 64-character base64 lines, padded at the end only.
const body = (
  Buffer.from(Array.from({ length: 100 }, (_, i) => i))
    .toString('base64')
    .match(/.{1,64}/g) ?? []
).join('\n');
const block = `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;

describe('PEM certificate block [invalidCert]', () => {
  it('accepts one block, a chain of blocks, CRLF line ends and whitespace around them', () => {
    expect(pemCertificate(block)).toBeNull();
    expect(pemCertificate(`${block}\n${block}\n`)).toBeNull();
    expect(pemCertificate(`\n  ${block.replace(/\n/g, '\r\n')}\r\n\n`)).toBeNull();
  });
  it('refuses a block with junk around it', () => {
    expect(pemCertificate(`Bag Attributes\n    localKeyID: 01\n${block}`)).toBe('invalidCert');
    expect(pemCertificate(`${block}\nsubject=CN = proxy`)).toBe('invalidCert');
    expect(pemCertificate(`${block}\n-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----`)).toBe(
      'invalidCert',
    );
  });
  it('refuses an empty or non-base64 body, a missing end line, or other block types', () => {
    expect(pemCertificate('-----BEGIN CERTIFICATE-----\n\n-----END CERTIFICATE-----')).toBe('invalidCert');
    expect(pemCertificate('-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----')).toBe(
      'invalidCert',
    );
    expect(pemCertificate('-----BEGIN CERTIFICATE-----\nQUJD=A\n-----END CERTIFICATE-----')).toBe(
      'invalidCert',
    );
    expect(pemCertificate(`-----BEGIN CERTIFICATE-----\n${body}`)).toBe('invalidCert');
    expect(pemCertificate('-----BEGIN PUBLIC KEY-----\nQUJD\n-----END PUBLIC KEY-----')).toBe('invalidCert');
    expect(pemCertificate('just text')).toBe('invalidCert');
  });
  it('lets an empty value pass', () => expect(pemCertificate('')).toBeNull());
});
