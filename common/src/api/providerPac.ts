/** The provider's default PAC file in the console (contract/providerPac.ts, docs/provider-console.md §12). */
import type { HttpClient } from './http';
import type { PacTestBody, PacTestReply } from './contract/pacSettings';
import { PROVIDER_PAC_PATHS, type ProviderPac, type ProviderPacBody } from './contract/providerPac';

export async function getProviderPac(http: HttpClient): Promise<ProviderPac> {
  return (await http.get<ProviderPac>(PROVIDER_PAC_PATHS.settings, { callName: 'getProviderPac' })).data;
}

export async function saveProviderPac(http: HttpClient, body: ProviderPacBody): Promise<ProviderPac> {
  return (await http.put<ProviderPac>(PROVIDER_PAC_PATHS.settings, body, { callName: 'saveProviderPac' }))
    .data;
}

/** The tester on the file given, or the provider's saved file. */
export async function testProviderPac(http: HttpClient, body: PacTestBody): Promise<PacTestReply> {
  return (await http.post<PacTestReply>(PROVIDER_PAC_PATHS.test, body, { callName: 'testProviderPac' })).data;
}
