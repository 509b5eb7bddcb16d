/**
 * Server jobs (docs/glossary.md §3 Enumerations "operation state", docs/http-client.md §7 Job polling, §8, §7): a
 * long operation (a node action, a bulk move) answers a job id; the client polls the job until
 * it ends.
 */
import { Type, type Static } from 'typebox';

export const JOBS_PATH = '/gdmanage/api/v1/jobs';
export const jobPath = (id: string): string => `${JOBS_PATH}/${encodeURIComponent(id)}`;

/** docs/http-client.md §7: job polling every 1 second. */
export const JOB_POLL_INTERVAL_MS = 1000;
/** §8: the error of a failed job that gives no reason. */
export const JOB_FAILURE_MESSAGE = 'job failure';
/** A job still running when the caller's maximum polling duration ran out (wording ours: docs/http-client.md §7 gives none). */
export const jobTimedOutMessage = (maxDurationMs: number): string =>
  `The job did not finish within ${Math.ceil(maxDurationMs / 1000)} s.`;

/**
 * docs/http-client.md §7 names `finished` as success. The operation-state enumeration of docs/glossary.md §3 (pending, started,
 * completed, failed) ends a job that worked as `completed`; both are success, so a server using
 * either vocabulary is never polled forever.
 */
export const JOB_SUCCESS_STATUSES: readonly string[] = ['finished', 'completed'];
export const JOB_FAILED_STATUS = 'failed';

/** A job as GET {JOBS_PATH}/{id} answers it (other fields pass through to the caller). */
export const Job = Type.Object({
  id: Type.String(),
  status: Type.String(),
  reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type Job = Static<typeof Job> & Record<string, unknown>;
