import { createSelector } from '@reduxjs/toolkit';
import { selectCapabilities } from '../session/sessionSelectors';
import { deriveFeatureFlags, type FeatureName } from './deriveFeatureFlags';

export const selectFeatures = createSelector([selectCapabilities], (caps) => deriveFeatureFlags(caps));

const featureSelectors = new Map<string, (state: Parameters<typeof selectCapabilities>[0]) => boolean>();
/** `useAppSelector(selectFeature('bandwidth'))`. */
export function selectFeature(
  name: FeatureName | string,
): (state: Parameters<typeof selectCapabilities>[0]) => boolean {
  let s = featureSelectors.get(name);
  if (!s) {
    s = createSelector([selectFeatures], (f) => f[name] === true);
    featureSelectors.set(name, s);
  }
  return s;
}
