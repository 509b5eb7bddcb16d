/**
 * A view's policy reference row: `const { status, data, error, reload } =
 * usePolicyReference('cats')` (or `usePolicyReference('ad/group_users', { rev })`). Requests the
 * row once when the view mounts (the saga reads it only if no one has yet) and returns its entry;
 * `reload` reads it again (a retry after a failure). `enabled: false` requests nothing (yet).
 */
import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { PolicyReferenceName } from '../../api/contract/policyReference';
import { policyReferenceRequested } from './policyReferenceSlice';
import {
  selectPolicyReference,
  type PolicyReferenceView,
  type WithPolicyReference,
} from './policyReferenceSelectors';

export function usePolicyReference<N extends PolicyReferenceName>(
  name: N,
  params: { rev?: number; enabled?: boolean } = {},
): PolicyReferenceView<N> & { reload: () => void } {
  const dispatch = useDispatch();
  const { rev, enabled = true } = params;
  const view = useSelector((state: WithPolicyReference) => selectPolicyReference(state, name, rev));
  useEffect(() => {
    if (enabled) dispatch(policyReferenceRequested(rev === undefined ? { name } : { name, rev }));
  }, [dispatch, name, rev, enabled]);
  const reload = useCallback(() => {
    dispatch(policyReferenceRequested({ ...(rev === undefined ? { name } : { name, rev }), reload: true }));
  }, [dispatch, name, rev]);
  return { ...view, reload };
}
