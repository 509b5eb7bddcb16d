/**
 * The log streaming calls' paths (no schemas), so the portal's store loads them without the
 * schema library (issue 14: first load). The schemas: streaming.ts.
 */
const V1 = '/api/streaming/v1';
export const STREAMING_PATHS = {
  destinations: `${V1}/destinations`,
  destination: `${V1}/destinations/:id`,
  destinationOf: (id: string) => `${V1}/destinations/${encodeURIComponent(id)}`,
  health: `${V1}/destinations/:id/health`,
  healthOf: (id: string) => `${V1}/destinations/${encodeURIComponent(id)}/health`,
  test: `${V1}/destinations/:id/test`,
  testOf: (id: string) => `${V1}/destinations/${encodeURIComponent(id)}/test`,
} as const;
