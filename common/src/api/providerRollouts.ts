/** The provider console's rollout calls (providerRollouts.ts contract; issue 14 staged rollouts). */
import type { HttpClient } from './http';
import {
  ROLLOUTS_PATH,
  ROLLOUT_DEPLOYMENTS_PATH,
  ROLLOUT_PREVIEW_PATH,
  ROLLOUT_TENANTS_PATH,
  rolloutActionPath,
  rolloutPath,
} from './contract/providerRolloutPaths';
import type {
  Rollout,
  RolloutCreateBody,
  RolloutDeployments,
  RolloutList,
  RolloutListQuery,
  RolloutPreview,
  RolloutPreviewBody,
  RolloutTenantChoices,
} from './contract/providerRollouts';

export type RolloutStateAction = 'start' | 'stop' | 'resume' | 'rollback';

export async function listRollouts(http: HttpClient, query: RolloutListQuery): Promise<RolloutList> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return (await http.get<RolloutList>(ROLLOUTS_PATH, { callName: 'listRollouts', params })).data;
}
export async function getRollout(http: HttpClient, id: string): Promise<Rollout> {
  return (await http.get<Rollout>(rolloutPath(id), { callName: 'getRollout' })).data;
}
export async function createRollout(http: HttpClient, body: RolloutCreateBody): Promise<Rollout> {
  return (await http.post<Rollout>(ROLLOUTS_PATH, body, { callName: 'createRollout' })).data;
}
/** The dry run of a change over a target: every tenant's difference, with its wave. */
export async function previewRollout(
  http: HttpClient,
  body: RolloutPreviewBody,
  waveSize: number,
): Promise<RolloutPreview> {
  return (
    await http.post<RolloutPreview>(ROLLOUT_PREVIEW_PATH, body, {
      callName: 'previewRollout',
      params: { wave_size: waveSize },
    })
  ).data;
}
export async function rolloutAction(
  http: HttpClient,
  id: string,
  action: RolloutStateAction,
): Promise<Rollout> {
  return (await http.post<Rollout>(rolloutActionPath(id, action), {}, { callName: `${action}Rollout` })).data;
}
export async function getRolloutTenants(http: HttpClient): Promise<RolloutTenantChoices> {
  return (await http.get<RolloutTenantChoices>(ROLLOUT_TENANTS_PATH, { callName: 'getRolloutTenants' })).data;
}
export async function getRolloutDeployments(http: HttpClient): Promise<RolloutDeployments> {
  return (await http.get<RolloutDeployments>(ROLLOUT_DEPLOYMENTS_PATH, { callName: 'getRolloutDeployments' }))
    .data;
}
