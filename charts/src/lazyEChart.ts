/**
 * The chart component as its own chunk (ECharts, about 210 KB gzipped): `LazyEChart` draws
 * `EChart` once the chunk is in (under a Suspense boundary), and `loadEChart` asks for it early,
 * e.g. as a panel mounts, so the chunk comes in parallel with the panel's data rather than after.
 */
import { lazy } from 'react';

export const loadEChart = () => import('./EChart');

export const LazyEChart = lazy(() => loadEChart().then((m) => ({ default: m.EChart })));
