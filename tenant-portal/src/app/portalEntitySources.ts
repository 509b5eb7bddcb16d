/** The portal's data pages on common's entity feature, by name (its store and its typed hooks). */
import { pastReportsSource, scheduledReportsSource } from '../areas/reports/reportSources';
import { usersSource } from '../areas/settings/users/usersSource';
import { SETTINGS_LIST_SOURCES } from '@workbench/common/features/settings-lists/settingsListSource';

export const PORTAL_ENTITY_SOURCES = {
  users: usersSource,
  scheduledReports: scheduledReportsSource,
  pastReports: pastReportsSource,
  // Settings › each list of the tenant settings registry (storage profiles, …).
  ...SETTINGS_LIST_SOURCES,
};
