/**
 * Node states and node actions of the Deployments & Pods page (docs/provider-console.md §5: node actions;
 * job polling). A slice of the pod's nodes, of the jobs started from here and of each node's recent
 * jobs (its history), and a saga that loads the nodes, starts an action, follows its job until it
 * ends (reloading the nodes as the job moves, so the node shows its state during the job) and
 * loads a node's history.
 *
 * The job is followed by common's `pollJob` (common/src/features/jobs, the one docs/http-client.md §7 job poll:
 * finished is success; failed is an error with the reason, or 'job failure' without one; anything
 * else is asked again after 1 s); each answer is put as the node's job progress.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { listEntities } from '@workbench/common/api/providerEntities';
import type { HttpClient } from '@workbench/common';
import { pollJob } from '@workbench/common/features/jobs/index';
import { JOB_POLL_INTERVAL_MS } from '@workbench/common/api/contract/jobs';
import {
  JOBS_PATH,
  JOB_FAILURE_MSG,
  type JobList,
  nodeActionPath,
  podNodesPath,
  type Job,
  type NodeAction,
  type NodeStatus,
  type PodNodes,
} from '@workbench/common/api/contract/providerOps';

export interface NodeJobView {
  id: string | null;
  action: NodeAction;
  status: Job['status'] | 'requesting';
  /** Why it failed (the job's reason, 'job failure', or the refusal of the request). */
  error: string | null;
  result: string | null;
}

export interface NodeActionsState {
  /** The pods to choose from (ids). */
  pods: string[];
  pod: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  nodes: NodeStatus[];
  error: string | null;
  /** The job of each node started from this page, by node. */
  jobs: Record<string, NodeJobView>;
  /** The recent jobs of each node whose history was asked for, by node. */
  history: Record<string, NodeHistoryView>;
}

export interface NodeHistoryView {
  status: 'loading' | 'loaded' | 'failed';
  jobs: Job[];
  total: number;
  error: string | null;
}

/** How many of a node's jobs its history shows (newest first). */
export const NODE_HISTORY_LIMIT = 10;

const initialState: NodeActionsState = {
  pods: [],
  pod: null,
  status: 'idle',
  nodes: [],
  error: null,
  jobs: {},
  history: {},
};

const messageOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);

const slice = createSlice({
  name: 'nodeActions',
  initialState,
  reducers: {
    podListRequested() {},
    podListLoaded(state, action: PayloadAction<string[]>) {
      state.pods = action.payload;
    },
    podNodesRequested(state, action: PayloadAction<{ pod: string; quiet?: boolean }>) {
      if (state.pod !== action.payload.pod) {
        state.nodes = [];
        state.history = {};
      }
      state.pod = action.payload.pod;
      if (!action.payload.quiet) state.status = 'loading';
      state.error = null;
    },
    podNodesLoaded(state, action: PayloadAction<PodNodes>) {
      if (action.payload.pod_id !== state.pod) return;
      state.status = 'loaded';
      state.nodes = action.payload.nodes;
    },
    podNodesFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    nodeActionRequested(state, action: PayloadAction<{ pod: string; node: string; action: NodeAction }>) {
      const { node, action: nodeAction } = action.payload;
      state.jobs[node] = { id: null, action: nodeAction, status: 'requesting', error: null, result: null };
    },
    nodeJobProgressed(state, action: PayloadAction<{ node: string; job: Job }>) {
      const { node, job } = action.payload;
      state.jobs[node] = {
        id: job.id,
        action: job.action,
        status: job.status,
        error: job.status === 'failed' ? (job.reason ?? JOB_FAILURE_MSG) : null,
        result: job.result ?? null,
      };
    },
    nodeHistoryRequested(state, action: PayloadAction<{ pod: string; node: string }>) {
      const { node } = action.payload;
      const before = state.history[node];
      state.history[node] = {
        status: 'loading',
        jobs: before?.jobs ?? [],
        total: before?.total ?? 0,
        error: null,
      };
    },
    nodeHistoryLoaded(state, action: PayloadAction<{ pod: string; node: string; list: JobList }>) {
      const { pod, node, list } = action.payload;
      if (pod !== state.pod) return;
      state.history[node] = { status: 'loaded', jobs: list.jobs, total: list.total, error: null };
    },
    nodeHistoryFailed(state, action: PayloadAction<{ node: string; message: string }>) {
      const view = state.history[action.payload.node];
      if (view) {
        view.status = 'failed';
        view.error = action.payload.message;
      }
    },
    nodeActionRefused(state, action: PayloadAction<{ node: string; message: string }>) {
      const view = state.jobs[action.payload.node];
      if (view) {
        view.status = 'failed';
        view.error = action.payload.message;
      }
    },
  },
});

export const {
  podListRequested,
  podListLoaded,
  podNodesRequested,
  podNodesLoaded,
  podNodesFailed,
  nodeActionRequested,
  nodeJobProgressed,
  nodeActionRefused,
  nodeHistoryRequested,
  nodeHistoryLoaded,
  nodeHistoryFailed,
} = slice.actions;
export const nodeActionsReducer = slice.reducer;

export const selectNodeActions = (state: { nodeActions: NodeActionsState }): NodeActionsState =>
  state.nodeActions;

function* loadPods(): SagaIterator {
  const http = (yield getContext('http')) as HttpClient;
  try {
    const page = (yield call(listEntities, http, 'pods', { limit: 500, offset: 0, sort: 'pod_id' })) as {
      rows: { pod_id: string }[];
    };
    const ids = page.rows.map((p) => p.pod_id);
    yield put(podListLoaded(ids));
    const current = ((yield select(selectNodeActions)) as NodeActionsState).pod;
    if (current === null && ids[0] !== undefined) yield put(podNodesRequested({ pod: ids[0] }));
  } catch (error) {
    yield put(podNodesFailed(messageOf(error)));
  }
}

function* loadNodes(action: ReturnType<typeof podNodesRequested>): SagaIterator {
  const http = (yield getContext('http')) as HttpClient;
  try {
    const reply = (yield call([http, http.get], podNodesPath(action.payload.pod), {
      callName: 'pod nodes',
    })) as { data: PodNodes };
    yield put(podNodesLoaded(reply.data));
  } catch (error) {
    yield put(podNodesFailed(messageOf(error)));
  }
}

/**
 * Follows the node's job to its end with common's pollJob (docs/http-client.md §7), putting the first answer and
 * every poll as the node's progress; a failed job throws pollJob's JobError (its reason). When the
 * job's status changes, the pod's nodes are read again: the node's state moves with its job.
 */
export function* followNodeJob(http: HttpClient, pod: string, node: string, first: Job): SagaIterator<Job> {
  yield put(nodeJobProgressed({ node, job: first }));
  let last = first.status;
  // The action's answer is the job's first status: the next ask comes after the interval (docs/http-client.md §7).
  yield delay(JOB_POLL_INTERVAL_MS);
  return (yield call(pollJob, http, first.id, {
    // The node-action job API answers the whole job (providerOps' Job), not only id and status.
    onPoll: function* onPoll(answer: unknown): SagaIterator {
      const job = answer as Job;
      yield put(nodeJobProgressed({ node, job }));
      if (job.status !== last) yield put(podNodesRequested({ pod, quiet: true }));
      last = job.status;
    },
  })) as Job;
}

function* loadHistory(action: ReturnType<typeof nodeHistoryRequested>): SagaIterator {
  const http = (yield getContext('http')) as HttpClient;
  const { pod, node } = action.payload;
  try {
    const reply = (yield call([http, http.get], JOBS_PATH, {
      params: { pod_id: pod, node, limit: NODE_HISTORY_LIMIT },
      callName: 'node jobs',
    })) as { data: JobList };
    yield put(nodeHistoryLoaded({ pod, node, list: reply.data }));
  } catch (error) {
    yield put(nodeHistoryFailed({ node, message: messageOf(error) }));
  }
}

function* runAction(action: ReturnType<typeof nodeActionRequested>): SagaIterator {
  const http = (yield getContext('http')) as HttpClient;
  const { pod, node } = action.payload;
  try {
    const started = (yield call(
      [http, http.post],
      nodeActionPath(pod, node),
      { action: action.payload.action },
      { callName: 'node action' },
    )) as { data: Job };
    yield put(podNodesRequested({ pod, quiet: true }));
    yield call(followNodeJob, http, pod, node, started.data);
  } catch (error) {
    yield put(nodeActionRefused({ node, message: messageOf(error) }));
  }
  // The node's state after the job (or after the refusal), and its history if it is shown.
  yield put(podNodesRequested({ pod, quiet: true }));
  const state = (yield select(selectNodeActions)) as NodeActionsState;
  if (state.pod === pod && state.history[node]) yield put(nodeHistoryRequested({ pod, node }));
}

export function* nodeActionsSaga(): SagaIterator {
  yield takeLatest(podListRequested.type, loadPods);
  yield takeLatest(podNodesRequested.type, loadNodes);
  yield takeEvery(nodeActionRequested.type, runAction);
  yield takeEvery(nodeHistoryRequested.type, loadHistory);
}
