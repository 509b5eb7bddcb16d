import type { FastifyPluginAsync } from 'fastify';
import { named } from '../http/namedPlugin';
import { applianceSettingsRoutes } from './applianceSettingsRoutes';
import { applianceCertRoutes } from './applianceCertRoutes';
import { applianceAdminRoutes } from './applianceAdminRoutes';
import { applianceSystemRoutes } from './applianceSystemRoutes';

/** An on-premises appliance's own API (docs/appliances.md): its settings, its certificates, its admin accounts and its system state (restart, maintenance). */
export const applianceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(named(applianceSettingsRoutes));
  await app.register(named(applianceCertRoutes));
  await app.register(named(applianceAdminRoutes));
  await app.register(named(applianceSystemRoutes));
};
