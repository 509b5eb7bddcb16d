/**
 * Job progress (docs/http-client.md §7 Job polling): one entry per watched job, a state machine
 * polling → succeeded | failed, with the job's last status and how many polls it took, so a page
 * shows progress while it runs and the outcome (or the reason) when it ends.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Job } from '../../api/contract/jobs';

export interface JobProgress {
  status: 'polling' | 'succeeded' | 'failed';
  /** The job's status as the server last answered it (null before the first answer). */
  jobStatus: string | null;
  polls: number;
  job: Job | null;
  /** Why it failed: the job's reason, 'job failure', a time-out, or the call's error. */
  error: string | null;
}

export type JobsState = Record<string, JobProgress>;

/**
 * Where a job is read: the provider's jobs (GET /gdmanage/api/v1/jobs/{id}), or the central
 * manager's (GET /api/v1/cm/jobs/{id}). A name, not the read itself, so the action stays plain data.
 */
export type JobSource = 'provider' | 'central_manager';

export interface JobWatch {
  id: string;
  /** Default 'provider'. */
  source?: JobSource;
  /** Stop polling (and fail) after this long; none: poll until the job ends (docs/http-client.md §7). */
  maxDurationMs?: number;
}

const jobsSlice = createSlice({
  name: 'jobs',
  initialState: {} as JobsState,
  reducers: {
    jobWatchRequested(state, action: PayloadAction<JobWatch>) {
      state[action.payload.id] = { status: 'polling', jobStatus: null, polls: 0, job: null, error: null };
    },
    jobPolled(state, action: PayloadAction<{ id: string; job: Job }>) {
      const p = state[action.payload.id];
      if (!p || p.status !== 'polling') return;
      p.polls += 1;
      p.jobStatus = action.payload.job.status;
      p.job = action.payload.job;
    },
    jobSucceeded(state, action: PayloadAction<{ id: string; job: Job }>) {
      const p = state[action.payload.id];
      if (!p) return;
      p.status = 'succeeded';
      p.job = action.payload.job;
      p.jobStatus = action.payload.job.status;
    },
    jobFailed(state, action: PayloadAction<{ id: string; error: string }>) {
      const p = state[action.payload.id];
      if (!p) return;
      p.status = 'failed';
      p.error = action.payload.error;
    },
    /** The page no longer shows the job: its entry goes (a running poll stops with it). */
    jobDismissed(state, action: PayloadAction<string>) {
      delete state[action.payload];
    },
  },
});

export const { jobWatchRequested, jobPolled, jobSucceeded, jobFailed, jobDismissed } = jobsSlice.actions;
export const jobsReducer = jobsSlice.reducer;
