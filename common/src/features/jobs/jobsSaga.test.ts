import MockAdapter from 'axios-mock-adapter';
import { runSaga, type SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { PROVIDER_XSRF_COOKIE } from '../../api/contract/wire';
import { createHttpClient } from '../../api/http';
import { JOB_FAILURE_MESSAGE, jobPath, jobTimedOutMessage } from '../../api/contract/jobs';
import { createAppStore } from '../../store/createAppStore';
import { jobDismissed, jobWatchRequested, jobsReducer } from './jobsSlice';
import { JobError, jobsSaga, pollJob } from './jobsSaga';
import { selectJobProgress } from './jobsSelectors';

function harness() {
  const http = createHttpClient({ xsrfCookie: PROVIDER_XSRF_COOKIE, timeoutMs: 5000 });
  const mock = new MockAdapter(http);
  const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  const { store } = createAppStore({
    world: 'provider',
    navigation,
    http,
    extraReducers: { jobs: jobsReducer },
    extraSagas: [jobsSaga],
  });
  return { http, mock, store };
}

/** Answers the job's statuses in turn (the last one repeats); counts the polls. */
function stubJob(mock: MockAdapter, id: string, answers: { status: string; reason?: string }[]) {
  let n = 0;
  mock.onGet(jobPath(id)).reply(() => {
    const a = answers[Math.min(n, answers.length - 1)];
    n += 1;
    return [200, { id, ...a }];
  });
  return () => n;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('job polling (docs/http-client.md §7)', () => {
  test('any other status is polled again after 1 s; finished is success, with progress meanwhile', async () => {
    const { mock, store } = harness();
    const polls = stubJob(mock, 'j1', [{ status: 'pending' }, { status: 'started' }, { status: 'finished' }]);
    store.dispatch(jobWatchRequested({ id: 'j1' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(1);
    expect(selectJobProgress('j1')(store.getState())).toMatchObject({
      status: 'polling',
      jobStatus: 'pending',
    });
    await jest.advanceTimersByTimeAsync(999);
    expect(polls()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
    expect(selectJobProgress('j1')(store.getState())?.jobStatus).toBe('started');
    await jest.advanceTimersByTimeAsync(1000);
    expect(selectJobProgress('j1')(store.getState())).toMatchObject({ status: 'succeeded', polls: 3 });
    await jest.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(3);
  });

  test("failed is an error with the job's reason, or 'job failure' without one", async () => {
    const { mock, store } = harness();
    stubJob(mock, 'j2', [{ status: 'started' }, { status: 'failed', reason: 'node unreachable' }]);
    stubJob(mock, 'j3', [{ status: 'failed' }]);
    store.dispatch(jobWatchRequested({ id: 'j2' }));
    store.dispatch(jobWatchRequested({ id: 'j3' }));
    await jest.advanceTimersByTimeAsync(1000);
    expect(selectJobProgress('j2')(store.getState())).toMatchObject({
      status: 'failed',
      error: 'node unreachable',
    });
    expect(selectJobProgress('j3')(store.getState())).toMatchObject({
      status: 'failed',
      error: JOB_FAILURE_MESSAGE,
    });
    expect(JOB_FAILURE_MESSAGE).toBe('job failure');
  });

  test('completed (the operation-state enumeration) is success too', async () => {
    const { http, mock } = harness();
    stubJob(mock, 'j4', [{ status: 'pending' }, { status: 'completed' }]);
    const done = runSaga({}, pollJob, http, 'j4').toPromise();
    await jest.advanceTimersByTimeAsync(1000);
    await expect(done).resolves.toMatchObject({ id: 'j4', status: 'completed' });
  });

  test('a maximum duration ends the polling with an error; without one it goes on', async () => {
    const { http, mock, store } = harness();
    const polls = stubJob(mock, 'j5', [{ status: 'started' }]);
    store.dispatch(jobWatchRequested({ id: 'j5', maxDurationMs: 3000 }));
    await jest.advanceTimersByTimeAsync(2000);
    expect(selectJobProgress('j5')(store.getState())?.status).toBe('polling');
    await jest.advanceTimersByTimeAsync(1000);
    expect(selectJobProgress('j5')(store.getState())).toMatchObject({
      status: 'failed',
      error: jobTimedOutMessage(3000),
    });
    // Polled at 0, 1, 2 and 3 s: the last poll is within the duration, the next would not be.
    expect(polls()).toBe(4);
    await jest.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(4);

    const errors: unknown[] = [];
    function* caller(): SagaIterator {
      try {
        yield call(pollJob, http, 'j5', { maxDurationMs: 1500 });
      } catch (e) {
        errors.push(e);
      }
    }
    await Promise.all([runSaga({}, caller).toPromise(), jest.advanceTimersByTimeAsync(2000)]);
    expect(errors[0]).toBeInstanceOf(JobError);
  });

  test("a central manager's job is read on its own path, its targets in the progress", async () => {
    const { mock, store } = harness();
    const answers = [
      { status: 'started', done: 0, total: 2 },
      { status: 'failed', reason: '1 of 2 failed: b: down', done: 2, total: 2 },
    ];
    let n = 0;
    mock.onGet('/api/v1/cm/jobs/c1').reply(() => [200, { id: 'c1', ...answers[Math.min(n++, 1)] }]);
    store.dispatch(jobWatchRequested({ id: 'c1', source: 'central_manager' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(selectJobProgress('c1')(store.getState())?.job).toMatchObject({ done: 0, total: 2 });
    await jest.advanceTimersByTimeAsync(1000);
    expect(selectJobProgress('c1')(store.getState())).toMatchObject({
      status: 'failed',
      error: '1 of 2 failed: b: down',
    });
    expect(mock.history.get.every((r) => r.url === '/api/v1/cm/jobs/c1')).toBe(true);
  });

  test('a failing poll fails the job with the call error; dismissing a job stops its polling', async () => {
    const { mock, store } = harness();
    mock.onGet(jobPath('gone')).reply(404, { message: 'No such job.' });
    store.dispatch(jobWatchRequested({ id: 'gone' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(selectJobProgress('gone')(store.getState())?.error).toMatch('No such job.');

    const polls = stubJob(mock, 'j6', [{ status: 'started' }]);
    store.dispatch(jobWatchRequested({ id: 'j6' }));
    await jest.advanceTimersByTimeAsync(1000);
    store.dispatch(jobDismissed('j6'));
    await jest.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(2);
    expect(selectJobProgress('j6')(store.getState())).toBeNull();
  });
});
