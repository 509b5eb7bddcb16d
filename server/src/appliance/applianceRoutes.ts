import type { FastifyPluginAsync } from 'fastify';
import { named } from '../http/namedPlugin';
import { applianceSettingsRoutes } from './applianceSettingsRoutes';
import { applianceCertRoutes } from './applianceCertRoutes';

/** An on-premises appliance's own API (docs/appliances.md): its settings and its certificates. */
export const applianceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(named(applianceSettingsRoutes));
  await app.register(named(applianceCertRoutes));
};
