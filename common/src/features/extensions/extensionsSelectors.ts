import { createSelector } from '@reduxjs/toolkit';
import type { ExtensionId } from '../../api/contract/extensions';
import type { ExtensionsState } from './extensionsSlice';

export interface WithExtensions {
  extensions: ExtensionsState;
}

export const selectExtensionsState = (state: WithExtensions): ExtensionsState => state.extensions;
export const selectExtensionsStatus = (state: WithExtensions) => state.extensions.status;
/** The answer is in (or no session asked): what is not served now stays hidden. */
export const selectExtensionsKnown = (state: WithExtensions): boolean =>
  state.extensions.status !== 'detecting';
export const selectServedExtensions = createSelector(
  [(state: WithExtensions) => state.extensions.served],
  (served): ReadonlySet<ExtensionId> => new Set(served),
);

const extensionSelectors = new Map<ExtensionId, (state: WithExtensions) => boolean>();
/** `useAppSelector(selectExtension('policy-tester'))`: true once the server listed it. */
export function selectExtension(id: ExtensionId): (state: WithExtensions) => boolean {
  let s = extensionSelectors.get(id);
  if (!s) {
    s = createSelector([selectServedExtensions], (served) => served.has(id));
    extensionSelectors.set(id, s);
  }
  return s;
}
