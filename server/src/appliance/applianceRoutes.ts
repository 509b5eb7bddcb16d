import type { FastifyPluginAsync } from 'fastify';
import { named } from '../http/namedPlugin';
import { applianceSettingsRoutes } from './applianceSettingsRoutes';
import { applianceCertRoutes } from './applianceCertRoutes';
import { applianceAdminRoutes } from './applianceAdminRoutes';

/** An on-premises appliance's own API (docs/appliances.md): its settings, its certificates and its admin accounts. */
export const applianceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(named(applianceSettingsRoutes));
  await app.register(named(applianceCertRoutes));
  await app.register(named(applianceAdminRoutes));
};
