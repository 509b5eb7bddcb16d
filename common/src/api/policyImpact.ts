/** The impact preview of a publish (docs/policy-impact.md): start one, read its job. */
import type { HttpClient } from './http';
import type { Job } from './contract/jobs';
import { POLICY_IMPACT_PATHS, type ImpactJob, type ImpactWindowDays } from './contract/policyImpact';

export async function startImpact(http: HttpClient, days: ImpactWindowDays): Promise<ImpactJob> {
  return (await http.post<ImpactJob>(POLICY_IMPACT_PATHS.start, { days }, { callName: 'startImpact' })).data;
}

/** The preview's job, as job polling reads any job. */
export async function getImpactJob(http: HttpClient, id: string): Promise<Job> {
  return (await http.get<Job>(POLICY_IMPACT_PATHS.job(id), { callName: 'getImpactJob' })).data;
}
