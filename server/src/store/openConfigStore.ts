import type { ConfigStore } from './ConfigStore';
import { openPostgresConfigStore, openSqliteConfigStore } from './sqlConfigStore';

/**
 * The config store a server uses: PostgreSQL when WORKBENCH_CONFIG_URL names one (servers on
 * several machines share it), else SQLite in the data directory (one server, the default).
 */
export async function openConfigStore(options: {
  dataDir: string;
  configUrl?: string | null;
}): Promise<ConfigStore> {
  return options.configUrl
    ? openPostgresConfigStore(options.configUrl)
    : openSqliteConfigStore(options.dataDir);
}
