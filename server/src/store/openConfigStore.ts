import type { ConfigStore } from './ConfigStore';
import { openPostgresConfigStore, openSqliteConfigStore } from './sqlConfigStore';
import { dataDirSecretKeys, SecretKeyError, secretBox } from '../security/secretBox';

/**
 * The config store a server uses: PostgreSQL when WORKBENCH_CONFIG_URL names one (servers on
 * several machines share it), else SQLite in the data directory (one server, the default). Its
 * secrets are sealed with `secretKeys` (WORKBENCH_SECRET_KEY / _FILE; the first seals, all open);
 * without them the embedded store uses its data directory's key file, and a shared store refuses
 * to open (each server would make a key of its own).
 */
export async function openConfigStore(options: {
  dataDir: string;
  configUrl?: string | null;
  secretKeys?: readonly Buffer[] | null;
}): Promise<ConfigStore> {
  if (options.configUrl && !options.secretKeys?.length)
    throw new SecretKeyError(
      'WORKBENCH_CONFIG_URL needs WORKBENCH_SECRET_KEY or WORKBENCH_SECRET_KEY_FILE: every server sharing the config store must seal its secrets with the same key.',
    );
  const secrets = secretBox(
    options.secretKeys?.length ? options.secretKeys : dataDirSecretKeys(options.dataDir),
  );
  return options.configUrl
    ? openPostgresConfigStore(options.configUrl, { secrets })
    : openSqliteConfigStore(options.dataDir, { secrets });
}
