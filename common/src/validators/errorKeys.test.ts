import { pemCertificate } from './certificates';
import { VALIDATION_ERROR_KEYS, type ValidationErrorKey, type Validator } from './errorKeys';
import {
  domain,
  email,
  hostAndPort,
  hostname,
  hostnameOrIp,
  ipOrIpRange,
  ipv4,
  ipv4Cidr,
  ipv6Cidr,
  portOrPortRange,
  standardDomainOrIp,
  standardIp,
} from './network';
import {
  fileName,
  integer,
  maxLength,
  minLength,
  noLeadingTrailingSpaces,
  noLineBreaks,
  numericInput,
  password,
  regex,
  userName,
} from './text';
import { absolutePath, httpUrl, uriStartsWithHttp } from './urls';

/** One refused value for every key the validators give (docs/shared-ui.md §10 "Form validators (error key in brackets)"). */
const refusals: [ValidationErrorKey, Validator, string][] = [
  ['maxlength', (v) => maxLength(v), 'a'.repeat(201)],
  ['minlength', (v) => minLength(v), 'ab'],
  ['lineBreaks', noLineBreaks, 'a\nb'],
  ['noLeadingTrailingSpaces', noLeadingTrailingSpaces, ' a'],
  ['invalidInteger', integer, '1.5'],
  ['invalidNumericInput', numericInput, '12a'],
  ['invalidRegex', regex, '('],
  ['invalidUserName', userName, 'a<b'],
  ['invalidPassword', password, "a'b"],
  ['invalidFileName', fileName, '1report.csv'],
  ['invalidEmail', email, 'admin@'],
  ['invalidHostname', hostname, '-a.example'],
  ['invalidIP', ipv4, '010.0.0.1'],
  ['invalidIpRange', ipOrIpRange, '10.0.0.9-10.0.0.1'],
  ['invalidHostnameOrIp', hostnameOrIp, 'bad host'],
  ['invalidDomain', domain, 'acme'],
  ['nonStandardDomainOrIP', standardDomainOrIp, '127.0.0.1'],
  ['nonStandardIp', standardIp, '224.0.0.1'],
  ['invalidPortOrPortRange', portOrPortRange, '65536'],
  ['invalidPort', hostAndPort, 'proxy.example:0'],
  ['invalidCert', pemCertificate, 'just text'],
  ['invalidUriStartsWith', uriStartsWithHttp, 'ftp://acme.example'],
  ['invalidUrl', httpUrl, 'http://'],
  ['invalidPath', absolutePath, 'api/v1'],
  ['invalidCidr', ipv4Cidr, '10.0.0.0/33'],
  ['invalidCidr', ipv6Cidr, '2001:db8::/31'],
];

const validators = [...new Set(refusals.map(([, validator]) => validator))];

describe('every validator key (docs/shared-ui.md §10) is given by a validator', () => {
  it.each(refusals)('%s', (key, validator, value) => expect(validator(value)).toBe(key));

  it('the list above covers every key the validators declare', () => {
    expect(new Set(refusals.map(([key]) => key))).toEqual(new Set(VALIDATION_ERROR_KEYS));
  });

  it('every validator lets an empty value pass', () => {
    for (const validator of validators)
      for (const empty of ['', null, undefined]) expect(validator(empty)).toBeNull();
  });
});
