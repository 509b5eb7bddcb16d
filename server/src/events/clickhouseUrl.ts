/** WORKBENCH_EVENTS_URL: where the ClickHouse event store lives (clickhouseEventStore.ts). */
import type { ClickHouseAddress } from './clickhouseHttp';

/** Where the store lives, from WORKBENCH_EVENTS_URL. */
export interface ClickHouseLocation {
  /** Every shard's HTTP address; reads and the load progress go to the first. */
  readonly shards: readonly ClickHouseAddress[];
  readonly database: string;
  /** The cluster (server config `remote_servers`) of the Distributed tables; none: one shard. */
  readonly cluster: string | null;
}

/**
 * `clickhouse://[user[:password]@]host:port[,host:port…]/database[?cluster=name]`: the shards'
 * HTTP addresses in the cluster's shard order. Several addresses need a cluster.
 */
export function parseClickHouseUrl(text: string): ClickHouseLocation {
  const match = /^clickhouse:\/\/(?:([^:@/]+)(?::([^@/]*))?@)?([^/?#]+)\/([^/?#]+)(?:\?(.*))?$/.exec(
    text.trim(),
  );
  const bad = (why: string) =>
    new Error(
      `WORKBENCH_EVENTS_URL must be clickhouse://host:port[,host:port…]/database[?cluster=name] (${why}), got "${text}".`,
    );
  if (!match) throw bad('not of that form');
  const [, user, password, hosts, database, query] = match;
  const shards = hosts.split(',').map((part): ClickHouseAddress => {
    const hostPort = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})$/.exec(part.trim());
    if (!hostPort || Number(hostPort[2]) > 65535) throw bad(`"${part}" is not host:port`);
    return {
      host: hostPort[1],
      port: Number(hostPort[2]),
      ...(user === undefined
        ? {}
        : { user: decodeURIComponent(user), password: decodeURIComponent(password ?? '') }),
    };
  });
  const params = new URLSearchParams(query ?? '');
  for (const key of params.keys()) if (key !== 'cluster') throw bad(`unknown parameter "${key}"`);
  const cluster = params.get('cluster');
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(database)) throw bad('a database name is letters, digits and _');
  if (cluster !== null && !/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/.test(cluster)) throw bad('bad cluster name');
  if (shards.length > 1 && cluster === null) throw bad('several shards need ?cluster=');
  return { shards, database, cluster };
}
