import {
  addressLine,
  emptyRuleForm,
  fromRuleForm,
  ruleFormSchema,
  savedAddress,
  toRuleForm,
} from './ruleForm';
import { fromServiceForm, serviceFormSchema } from './serviceForm';
import { feedFormSchema } from './feedForm';
import { copyName, insertAfter, moveItem, pathInList, refreshLabel, summarize } from './firewallModel';
import { rule } from './firewallTestServer';

const firstError = async (schema: { validate: (v: unknown) => Promise<unknown> }, values: unknown) =>
  schema.validate(values).then(
    () => null,
    (e: Error) => e.message,
  );

describe('firewall rule form', () => {
  it('takes an address, a range or a CIDR per line; a CIDR is saved as its range, a /32 as its address', () => {
    expect(addressLine('10.0.0.1')).toBeNull();
    expect(addressLine('10.0.0.1-10.0.0.9')).toBeNull();
    expect(addressLine('10.0.0.0/24')).toBeNull();
    expect(addressLine('10.0.0.0/33')).toBe('invalidCidr');
    expect(addressLine('10.0.0.9-10.0.0.1')).toBe('invalidIpRange');
    expect(addressLine('example.com')).toBe('invalidIP');
    expect(savedAddress('10.1.2.3/16')).toBe('10.1.0.0-10.1.255.255');
    expect(savedAddress('192.0.2.7/32')).toBe('192.0.2.7');
    expect(savedAddress('10.0.0.1-10.0.0.9')).toBe('10.0.0.1-10.0.0.9');
  });

  it('names the first bad line of a list field', async () => {
    const schema = ruleFormSchema([]);
    const values = { ...emptyRuleForm, name: 'R', destinations: '10.0.0.1\n\n300.1.1.1' };
    expect(await firstError(schema, values)).toMatch(/^Line 2 \(300\.1\.1\.1\): not an IPv4 address/);
    expect(
      await firstError(schema, { ...emptyRuleForm, name: 'R', domains: '*.example.com\nexample' }),
    ).toMatch(/^Line 2 \(example\): not a domain name/);
    expect(await firstError(schema, { ...emptyRuleForm, name: 'R', domains: '*.example.com' })).toBeNull();
    expect(await firstError(ruleFormSchema(['R']), { ...emptyRuleForm, name: ' r ' })).toBe('duplicateName');
    expect(await firstError(schema, { ...emptyRuleForm, name: '  ' })).toBe('required');
  });

  it('round-trips a rule; the saved rule drops blank lines, repeats and an empty comment', () => {
    const r = rule('r1', 'Web', { sources: ['10.0.0.1'], domains: ['example.com'], comment: 'why' });
    expect(fromRuleForm(toRuleForm(r), 'r1')).toEqual(r);
    const saved = fromRuleForm(
      { ...emptyRuleForm, name: ' Web ', users: 'ann\n\nann\nbob', comment: ' ', countries: ['DE', 'DE'] },
      'x',
    );
    expect(saved).toMatchObject({ name: 'Web', users: ['ann', 'bob'], countries: ['DE'] });
    expect(saved).not.toHaveProperty('comment');
  });
});

describe('firewall service and feed forms', () => {
  it('a service needs ports for TCP and UDP only; ICMP and Any save none', async () => {
    const schema = serviceFormSchema([]);
    const base = { name: 'S', description: '' };
    expect(await firstError(schema, { ...base, protocol: 'udp', ports: '' })).toBe('portsRequired');
    expect(await firstError(schema, { ...base, protocol: 'icmp', ports: '' })).toBeNull();
    expect(await firstError(schema, { ...base, protocol: 'tcp', ports: '0' })).toMatch(
      /^Line 1 \(0\): not a port/,
    );
    expect(await firstError(schema, { ...base, protocol: 'tcp', ports: '22\n8000-8080' })).toBeNull();
    expect(fromServiceForm({ ...base, protocol: 'any', ports: '22' }, 's').ports).toEqual([]);
  });

  it('a feed needs an https URL and 5 to 1440 minutes', async () => {
    const schema = feedFormSchema([]);
    const base = { name: 'F', type: 'ip', enabled: true };
    expect(await firstError(schema, { ...base, url: 'http://a.example', refresh_minutes: '60' })).toBe(
      'httpsOnly',
    );
    expect(await firstError(schema, { ...base, url: 'ftp://a.example', refresh_minutes: '60' })).toBe(
      'invalidUriStartsWith',
    );
    expect(await firstError(schema, { ...base, url: 'https://a.example', refresh_minutes: '4' })).toBe(
      'refreshRange',
    );
    expect(await firstError(schema, { ...base, url: 'https://a.example', refresh_minutes: '5' })).toBeNull();
    expect(
      await firstError(schema, { ...base, url: 'https://a.example', refresh_minutes: '1440' }),
    ).toBeNull();
    expect(await firstError(schema, { ...base, url: 'https://a.example', refresh_minutes: '7.5' })).toBe(
      'refreshRange',
    );
  });
});

describe('firewall list edits and summaries', () => {
  it('moves, inserts after, names copies and finds a 400 in the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
    expect(insertAfter([{ id: 'a' }, { id: 'b' }], 'a', { id: 'x' }).map((i) => i.id)).toEqual([
      'a',
      'x',
      'b',
    ]);
    expect(copyName('Web', ['Web'])).toBe('Web (copy)');
    expect(copyName('Web (copy)', ['Web', 'web (copy)'])).toBe('Web (copy 2)');
    expect(pathInList('list.2.sources.0')).toEqual({ index: 2, rest: 'sources.0' });
    expect(pathInList('list')).toBeNull();
    expect(pathInList(null)).toBeNull();
  });

  it('summarises lists and refresh intervals as a user reads them', () => {
    expect(summarize([])).toBe('Any');
    expect(summarize(['a', 'b', 'c', 'd'])).toBe('a, b +2 more');
    expect(refreshLabel(5)).toBe('Every 5 minutes');
    expect(refreshLabel(60)).toBe('Every hour');
    expect(refreshLabel(180)).toBe('Every 3 hours');
    expect(refreshLabel(1440)).toBe('Every day');
  });
});
