/** The tenant world: session, revision, inactivity, snackbar and the policy reference data. */
import { revisionReducer } from '../features/revision/revisionSlice';
import { revisionSaga } from '../features/revision/revisionSaga';
import { policyReferenceReducer } from '../features/policy-reference/policyReferenceSlice';
import { policyReferenceSaga } from '../features/policy-reference/policyReferenceSaga';
import { TENANT_SESSION_WORLD } from './tenantSessionWorld';
import type { WorldDef } from './worldStore';

/** The revision (publish bar) and the policy reference data: added with the portal's shell. */
export const TENANT_POLICY_FEATURE = {
  reducers: { revision: revisionReducer, policyReference: policyReferenceReducer },
  sagas: [revisionSaga, policyReferenceSaga],
};

const reducers = { ...TENANT_SESSION_WORLD.reducers, ...TENANT_POLICY_FEATURE.reducers };

export const TENANT_WORLD: WorldDef<'tenant', typeof reducers> = {
  ...TENANT_SESSION_WORLD,
  reducers,
  sagas: [...TENANT_SESSION_WORLD.sagas, ...TENANT_POLICY_FEATURE.sagas],
};
