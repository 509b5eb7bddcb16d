import { tenantDocumentDef } from '@workbench/common/api/contract/providerTenants';
import { documentErrors, documentOf, formValuesOf, newItem, type FieldSchema } from './documentForm';

const vpn = tenantDocumentDef('vpn');
const validVpn = {
  enabled: true,
  destinations: [{ name: 'dc', cidr: '10.0.0.0/8' }],
  network_rules: [{ name: 'ssh', destination: 'dc', ports: '22', action: 'allow' }],
  gateways: [{ name: 'fra', host: 'fra.gw.example', region: '' }],
  child_gateways: [],
  tunnels: [{ name: 'office', gateway: 'fra', peer_ip: '198.51.100.4', protocol: 'ikev2' }],
};

test('a document goes to the form and back unchanged; numbers are typed text, word lists one per line', () => {
  expect(documentOf(vpn, formValuesOf(vpn, validVpn))).toEqual(validVpn);
  const safemail = tenantDocumentDef('safemail');
  const values = formValuesOf(safemail, {
    enabled: true,
    quarantine_days: 14,
    notify_recipients: false,
    trusted_domains: ['a.example', 'b.example'],
  });
  expect(values).toMatchObject({ quarantine_days: '14', trusted_domains: 'a.example\nb.example' });
  expect(documentOf(safemail, { ...values, trusted_domains: ' c.example \n\n' })).toMatchObject({
    quarantine_days: 14,
    trusted_domains: ['c.example'],
  });
  expect(newItem((vpn.schema as FieldSchema).properties?.network_rules as FieldSchema)).toEqual({
    name: '',
    destination: '',
    ports: '',
    action: 'allow',
  });
});

test('problems are in words at the field path: schema, keyed lists and the row check', () => {
  expect(documentErrors(vpn, validVpn)).toEqual({});
  expect(
    documentErrors(tenantDocumentDef('custom_hostnames'), { hostnames: ['ok.example', 'not a host'] }),
  ).toEqual({ 'hostnames.1': "Host names of the portal: 'not a host' is not valid." });
  expect(
    documentErrors(tenantDocumentDef('safemail'), {
      enabled: true,
      quarantine_days: 0,
      notify_recipients: true,
      trusted_domains: [],
    }),
  ).toEqual({ quarantine_days: 'Quarantine (days) must be a whole number from 1 to 365.' });
  expect(
    documentErrors(vpn, { ...validVpn, gateways: [...validVpn.gateways, validVpn.gateways[0]] }),
  ).toEqual({
    'gateways.1.name': "Gateways lists 'fra' twice.",
  });
  expect(
    documentErrors(vpn, { ...validVpn, tunnels: [{ ...validVpn.tunnels[0], gateway: 'nowhere' }] }),
  ).toEqual({
    'tunnels.0.gateway':
      "Tunnels: 'office' names the gateway or child gateway 'nowhere', which is not in the list.",
  });
});
