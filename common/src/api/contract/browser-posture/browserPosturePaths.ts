/**
 * The Browser Posture Manager's paths (docs/browser-posture.md), in a module of their own: the
 * portal's table of requests is in every first load, and importing them from the contract would
 * bring the catalogue and the schemas along (bench/README.md, First load).
 */
const BRW = '/api/brw-posture-mgmt/v1';
export const BROWSER_POSTURE_PATHS = {
  configPolicies: `${BRW}/configPolicies`,
  batchDelete: `${BRW}/configPolicies/batchDelete`,
  export: `${BRW}/configPolicies/export`,
  inputPolicy: `${BRW}/configPolicies/inputPolicy`,
  assess: `${BRW}/configPolicies/assess`,
  assessOne: `${BRW}/configPolicies/assess/:id`,
  reassess: `${BRW}/configPolicies/reassess/:id`,
  /** Ours: the list of assessments (the spec names only one assessment's read). */
  assessments: `${BRW}/configPolicies/assessments`,
  assessment: `${BRW}/configPolicies/assessments/:id`,
  reviewStatus: `${BRW}/configPolicies/assessments/:id/reviewStatus`,
  settingDefinitions: `${BRW}/configSettingDefinitions`,
  benchmarkPolicies: `${BRW}/benchmarkPolicies`,
} as const;
export const browserPosturePath = (path: string, id: string): string =>
  path.replace(':id', encodeURIComponent(id));
