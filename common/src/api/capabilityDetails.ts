/** A capability's details (docs/access.md §6): contract/capabilityDetails.ts. */
import {
  capabilityDetailsPath,
  type CapabilityDetailName,
  type CapabilityDetails,
} from './contract/capabilityDetails';
import type { HttpClient } from './http';

export async function getCapabilityDetails(
  http: HttpClient,
  name: CapabilityDetailName,
): Promise<CapabilityDetails> {
  return (
    await http.get<CapabilityDetails>(capabilityDetailsPath(name), { callName: 'getCapabilityDetails' })
  ).data;
}
