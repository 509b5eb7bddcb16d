/**
 * The connectivity test (docs/contact.md §2): the sites, a run's results and the
 * last runs, the auth server's sign-in check. The sites' own fetches are the browser's (no-cors),
 * not this client's: see features/connectivity.
 */
import {
  CONNECTIVITY_PATHS,
  type ConnectivityResultsBody,
  type ConnectivityRun,
  type ConnectivityRuns,
  type ConnectivitySite,
  type ConnectivitySites,
  type SafeviewLoginBody,
  type SafeviewLoginReply,
} from './contract/connectivity';
import type { HttpClient } from './http';

export async function getConnectivitySites(http: HttpClient): Promise<ConnectivitySite[]> {
  return (await http.get<ConnectivitySites>(CONNECTIVITY_PATHS.sites, { callName: 'getConnectivitySites' }))
    .data.data;
}

export async function saveConnectivityResults(
  http: HttpClient,
  body: ConnectivityResultsBody,
): Promise<ConnectivityRun> {
  return (
    await http.post<ConnectivityRun>(CONNECTIVITY_PATHS.results, body, {
      callName: 'saveConnectivityResults',
    })
  ).data;
}

export async function listConnectivityRuns(http: HttpClient): Promise<ConnectivityRun[]> {
  return (await http.get<ConnectivityRuns>(CONNECTIVITY_PATHS.results, { callName: 'listConnectivityRuns' }))
    .data.data;
}

export async function checkAuthServerLogin(http: HttpClient, body: SafeviewLoginBody): Promise<boolean> {
  return (
    await http.post<SafeviewLoginReply>(CONNECTIVITY_PATHS.authLogin, body, {
      callName: 'checkAuthServerLogin',
    })
  ).data.success;
}
