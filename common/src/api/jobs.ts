/** The job call (docs/http-client.md §7 Job polling). */
import type { HttpClient } from './http';
import { jobPath, type Job } from './contract/jobs';

export async function getJob(http: HttpClient, id: string): Promise<Job> {
  return (await http.get<Job>(jobPath(id), { callName: 'getJob' })).data;
}
