/**
 * Log streaming to a SIEM (docs/streaming.md; contract/streaming.ts): the tenant's destinations
 * with their health, create, change, delete, and a test message. A destination's authorisation
 * value is write-only: answered as `auth_value_set`, never itself.
 */
import type { Destination, DestinationInput, DestinationList, TestSendResult } from './contract/streaming';
import { STREAMING_PATHS } from './contract/streamingPaths';
import type { HttpClient } from './http';

export async function listStreamDestinations(http: HttpClient): Promise<Destination[]> {
  return (
    await http.get<DestinationList>(STREAMING_PATHS.destinations, { callName: 'listStreamDestinations' })
  ).data.destinations;
}

/** Creates a destination (no id) or replaces the destination `id` (its kind stays). */
export async function saveStreamDestination(
  http: HttpClient,
  id: string | null,
  destination: DestinationInput,
): Promise<Destination> {
  const callName = 'saveStreamDestination';
  return id === null
    ? (await http.post<Destination>(STREAMING_PATHS.destinations, destination, { callName })).data
    : (await http.put<Destination>(STREAMING_PATHS.destinationOf(id), destination, { callName })).data;
}

export async function deleteStreamDestination(http: HttpClient, id: string): Promise<void> {
  await http.delete(STREAMING_PATHS.destinationOf(id), { callName: 'deleteStreamDestination' });
}

/** Sends one test message now; the answer says whether it was delivered, else the error. */
export async function testStreamDestination(http: HttpClient, id: string): Promise<TestSendResult> {
  return (
    await http.post<TestSendResult>(STREAMING_PATHS.testOf(id), {}, { callName: 'testStreamDestination' })
  ).data;
}
