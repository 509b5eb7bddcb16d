import { PEM_MAX_LENGTH, pemCertificate } from './certificates';

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

describe('PEM certificate input cap: PEM_MAX_LENGTH (64 KiB) characters [invalidCert]', () => {
  // Blocks joined by line breaks, then padded with trailing line breaks to exactly `length`.
  const chainOfLength = (length: number): string => {
    const blocks = Math.floor(length / (block.length + 1));
    const chain = Array.from({ length: blocks }, () => block).join('\n');
    return chain + '\n'.repeat(length - chain.length);
  };
  it('accepts a chain of exactly PEM_MAX_LENGTH characters', () => {
    const chain = chainOfLength(PEM_MAX_LENGTH);
    expect(chain).toHaveLength(PEM_MAX_LENGTH);
    expect(pemCertificate(chain)).toBeNull();
  });
  it('refuses a chain of valid blocks one character beyond PEM_MAX_LENGTH', () => {
    const chain = chainOfLength(PEM_MAX_LENGTH + 1);
    expect(chain).toHaveLength(PEM_MAX_LENGTH + 1);
    expect(pemCertificate(chain)).toBe('invalidCert');
  });
  it('refuses a paste of thousands of stray BEGIN lines, within and beyond the cap', () => {
    const stray = '-----BEGIN CERTIFICATE-----\nAAAA\n';
    expect(pemCertificate(stray.repeat(1900))).toBe('invalidCert');
    expect(pemCertificate(stray.repeat(100_000))).toBe('invalidCert');
    expect(pemCertificate(`${block}\n${stray.repeat(1000)}`)).toBe('invalidCert');
  });
  it('refuses a second BEGIN line inside a block and an END line without a BEGIN', () => {
    expect(pemCertificate(`-----BEGIN CERTIFICATE-----\n${block}`)).toBe('invalidCert');
    expect(pemCertificate(`${block}\n-----END CERTIFICATE-----`)).toBe('invalidCert');
  });
});
