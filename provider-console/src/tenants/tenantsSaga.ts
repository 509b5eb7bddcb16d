import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { listTenants, toErrorInfo, type HttpClient } from '@workbench/common';
import type { ProviderTenantList } from '@workbench/common/api/contract/provider';
import { tenantsLoaded, tenantsLoadFailed, tenantsRequested } from './tenantsSlice';

/** The console shows every tenant on one grid page; the server caps a page at this size. */
export const TENANTS_PAGE_LIMIT = 500;

function* loadTenants(): SagaIterator {
  const http: HttpClient = yield getContext('http');
  try {
    const list: ProviderTenantList = yield call(listTenants, http, { limit: TENANTS_PAGE_LIMIT });
    yield put(tenantsLoaded({ tenants: list.tenants, total: list.total }));
  } catch (e) {
    yield put(tenantsLoadFailed(toErrorInfo(e, 'listTenants')));
  }
}

export function* tenantsSaga(): SagaIterator {
  yield takeLatest(tenantsRequested.type, loadTenants);
}
