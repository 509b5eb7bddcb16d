/**
 * Report queries: one watcher for every query of the registry. Each request runs the query
 * through the reports API module and puts its reply or its error, tagged with the request's id,
 * so that of two requests of one key only the later one's answer lands.
 */
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeEvery } from 'redux-saga/effects';
import type { ReportReply } from '../../api/contract/reportQueries';
import type { HttpClient } from '../../api/http';
import { runReportQuery } from '../../api/reports';
import { toErrorInfo } from '../../api/ApiCallError';
import { reportQueryFailed, reportQueryReceived, reportQueryRequested } from './reportQuerySlice';

function* runQuery(http: HttpClient, action: ReturnType<typeof reportQueryRequested>): SagaIterator {
  const { name, params, tenantId, key, requestId } = action.payload;
  try {
    const reply: ReportReply = yield call(runReportQuery, http, name, params, tenantId);
    yield put(reportQueryReceived({ key, requestId, reply }));
  } catch (e) {
    yield put(reportQueryFailed({ key, requestId, error: toErrorInfo(e, `report:${name}`) }));
  }
}

export function* reportQuerySaga(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  yield takeEvery(reportQueryRequested.type, runQuery, http);
}
