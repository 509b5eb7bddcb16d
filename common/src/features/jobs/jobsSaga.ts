/**
 * Job polling (docs/http-client.md §7): status finished is success; failed is an error with the
 * job's reason, or 'job failure' when it gives none; any other status is polled again after 1 s;
 * a caller may give a maximum polling duration. `pollJob` is the polling itself, for any saga to
 * `call`; the watcher runs it for `jobWatchRequested` and records progress in the jobs slice.
 */
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, take, takeEvery } from 'redux-saga/effects';
import type { HttpClient } from '../../api/http';
import { getJob } from '../../api/jobs';
import {
  JOB_FAILED_STATUS,
  JOB_FAILURE_MESSAGE,
  JOB_POLL_INTERVAL_MS,
  JOB_SUCCESS_STATUSES,
  jobTimedOutMessage,
  type Job,
} from '../../api/contract/jobs';
import { toErrorInfo } from '../../api/ApiCallError';
import {
  jobDismissed,
  jobFailed,
  jobPolled,
  jobSucceeded,
  jobWatchRequested,
  type JobSource,
  type JobWatch,
} from './jobsSlice';

/** Each job source's read (jobWatchRequested names one). */
export const JOB_READS: Record<JobSource, (http: HttpClient, id: string) => Promise<Job>> = {
  provider: getJob,
  // The central manager's calls load with its first job read (its pages have them in already), not
  // with the store's page features of every page (bench/README.md "First load").
  central_manager: (http, id) => import('../../api/centralManager').then((cm) => cm.getCmJob(http, id)),
};

/** A job that ended failed, or outlived the caller's maximum duration. */
export class JobError extends Error {
  constructor(
    message: string,
    readonly job: Job | null,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

/**
 * Polls job `id` until it ends; answers the finished job, throws JobError when it failed or ran
 * past `maxDurationMs` (and the call's ApiCallError when a poll itself fails). `onPoll` sees
 * every answer.
 */
export function* pollJob(
  http: HttpClient,
  id: string,
  options: {
    maxDurationMs?: number;
    onPoll?: (job: Job) => unknown;
    /** The job's own read, for jobs of another path (the impact preview's); default getJob. */
    read?: (http: HttpClient, id: string) => Promise<Job>;
  } = {},
): SagaIterator<Job> {
  const startedAt = Date.now();
  for (;;) {
    const job: Job = yield call(options.read ?? getJob, http, id);
    if (options.onPoll) yield call(options.onPoll, job);
    if (JOB_SUCCESS_STATUSES.includes(job.status)) return job;
    if (job.status === JOB_FAILED_STATUS) throw new JobError(job.reason || JOB_FAILURE_MESSAGE, job);
    const max = options.maxDurationMs;
    if (max !== undefined && Date.now() - startedAt + JOB_POLL_INTERVAL_MS > max) {
      throw new JobError(jobTimedOutMessage(max), job);
    }
    yield delay(JOB_POLL_INTERVAL_MS);
  }
}

function* watchJob(action: ReturnType<typeof jobWatchRequested>): SagaIterator {
  const { id, maxDurationMs, source = 'provider' }: JobWatch = action.payload;
  const http: HttpClient = yield getContext('http');
  function* run(): SagaIterator {
    try {
      const job: Job = yield call(pollJob, http, id, {
        maxDurationMs,
        read: JOB_READS[source],
        onPoll: function* onPoll(j: Job): SagaIterator {
          yield put(jobPolled({ id, job: j }));
        },
      });
      yield put(jobSucceeded({ id, job }));
    } catch (e) {
      yield put(
        jobFailed({ id, error: e instanceof JobError ? e.message : toErrorInfo(e, 'getJob').message }),
      );
    }
  }
  // Dismissing the job (its page closed) stops its polling.
  yield race({
    run: call(run),
    dismissed: take((a: unknown) => jobDismissed.match(a) && a.payload === id),
  });
}

export function* jobsSaga(): SagaIterator {
  yield takeEvery(jobWatchRequested.type, watchJob);
}
