import type { FastifyPluginAsync } from 'fastify';
import { named } from '../http/namedPlugin';
import { applianceSettingsRoutes } from './applianceSettingsRoutes';
import { applianceCertRoutes } from './applianceCertRoutes';
import { applianceAdminRoutes } from './applianceAdminRoutes';
import { applianceSystemRoutes } from './applianceSystemRoutes';
import { applianceLifecycleRoutes } from './applianceLifecycleRoutes';

/** An on-premises appliance's own API (docs/appliances.md): its settings, its certificates, its admin accounts, its system state (restart, maintenance), its licence and its updates. */
export const applianceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(named(applianceSettingsRoutes));
  await app.register(named(applianceCertRoutes));
  await app.register(named(applianceAdminRoutes));
  await app.register(named(applianceSystemRoutes));
  await app.register(named(applianceLifecycleRoutes));
};
