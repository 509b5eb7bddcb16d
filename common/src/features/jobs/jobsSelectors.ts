import type { JobProgress, JobsState } from './jobsSlice';

export interface WithJobs {
  jobs: JobsState;
}

/** The progress of one job; null when it is not watched. */
export const selectJobProgress =
  (id: string | null | undefined) =>
  (s: WithJobs): JobProgress | null =>
    (id ? s.jobs[id] : undefined) ?? null;
