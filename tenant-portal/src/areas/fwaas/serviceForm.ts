/**
 * The firewall service form: protocol and ports as the server's fwaas/services kind checks them
 * (ports one per line, ranges allowed; required for TCP and UDP, none for ICMP and Any).
 */
import * as yup from 'yup';
import { COMMENT_MAX_LENGTH } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { FIREWALL_PROTOCOLS } from '@workbench/common/api/contract/policy-kinds/firewallKinds';
import { portOrPortRange } from '@workbench/common/validators/network';
import { joinLines, lines, linesSchema, nameSchema } from './formRules';
import type { FirewallService } from './firewallModel';

export interface ServiceFormValues {
  name: string;
  protocol: FirewallService['protocol'];
  /** One port or range per line. */
  ports: string;
  description: string;
}

export const emptyServiceForm: ServiceFormValues = { name: '', protocol: 'tcp', ports: '', description: '' };

/** The registry's limits on a service's ports: 100 entries of at most 11 characters. */
export const PORTS_MAX = 100;
const PORT_MAX_LENGTH = 11;

/** ICMP and Any match every port: the field takes none. */
export const protocolHasPorts = (protocol: string): boolean => protocol === 'tcp' || protocol === 'udp';

export function serviceFormSchema(otherNames: readonly string[]) {
  return yup.object({
    name: nameSchema(otherNames),
    protocol: yup
      .string()
      .oneOf([...FIREWALL_PROTOCOLS], 'required')
      .required('required'),
    ports: linesSchema(portOrPortRange, { maxLength: PORT_MAX_LENGTH, maxLines: PORTS_MAX }).test(
      'portsRequired',
      'portsRequired',
      function test(value) {
        return !protocolHasPorts(this.parent.protocol as string) || lines(value ?? '').length > 0;
      },
    ),
    description: yup.string().max(COMMENT_MAX_LENGTH, 'commentTooLong'),
  });
}

export const toServiceForm = (service: FirewallService): ServiceFormValues => ({
  name: service.name,
  protocol: service.protocol,
  ports: joinLines(service.ports),
  description: service.description ?? '',
});

export function fromServiceForm(values: ServiceFormValues, id: string): FirewallService {
  const description = values.description.trim();
  return {
    id,
    name: values.name.trim(),
    protocol: values.protocol,
    ports: protocolHasPorts(values.protocol) ? [...new Set(lines(values.ports))] : [],
    ...(description ? { description } : {}),
  };
}
