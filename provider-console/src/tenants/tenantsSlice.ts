/** The provider console's tenant list (GET /gdmanage/api/v1/tenants). */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiCallErrorInfo } from '@workbench/common';
import type { ProviderTenant } from '@workbench/common/api/contract/provider';

export type TenantsStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface TenantsState {
  status: TenantsStatus;
  tenants: ProviderTenant[];
  total: number;
  error: ApiCallErrorInfo | null;
}

export const initialTenantsState: TenantsState = { status: 'idle', tenants: [], total: 0, error: null };

export const tenantsSlice = createSlice({
  name: 'tenants',
  initialState: initialTenantsState,
  reducers: {
    tenantsRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    tenantsLoaded(state, action: PayloadAction<{ tenants: ProviderTenant[]; total: number }>) {
      state.status = 'loaded';
      state.tenants = action.payload.tenants;
      state.total = action.payload.total;
    },
    tenantsLoadFailed(state, action: PayloadAction<ApiCallErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { tenantsRequested, tenantsLoaded, tenantsLoadFailed } = tenantsSlice.actions;
export const tenantsReducer = tenantsSlice.reducer;

interface WithTenants {
  tenants: TenantsState;
}
export const selectTenantsState = (state: WithTenants): TenantsState => state.tenants;
export const selectTenants = createSelector([selectTenantsState], (s) => s.tenants);
export const selectTenantsStatus = createSelector([selectTenantsState], (s) => s.status);
export const selectTenantsError = createSelector([selectTenantsState], (s) => s.error);
