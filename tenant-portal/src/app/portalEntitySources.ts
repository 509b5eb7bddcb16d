/** The portal's data pages on common's entity feature, by name (its store and its typed hooks). */
import { pastReportsSource, scheduledReportsSource } from '../areas/reports/reportSources';
import { usersSource } from '../areas/settings/users/usersSource';

export const PORTAL_ENTITY_SOURCES = {
  users: usersSource,
  scheduledReports: scheduledReportsSource,
  pastReports: pastReportsSource,
};
