/** WORKBENCH_EVENTS_URL: where the ClickHouse event store lives (clickhouseEventStore.ts). */
import type { ClickHouseAddress } from './clickhouseHttp';

/** Where the store lives, from WORKBENCH_EVENTS_URL. */
export interface ClickHouseLocation {
  /**
   * Every shard's HTTP address (its first replica's, the others in `replicas`); reads and the load
   * progress go to the first.
   */
  readonly shards: readonly ClickHouseAddress[];
  /** Replicas per shard (WORKBENCH_EVENTS_REPLICAS): above 1 the tables are ReplicatedMergeTree. */
  readonly replicasPerShard: number;
  readonly database: string;
  /** The cluster (server config `remote_servers`) of the Distributed tables; none: one shard. */
  readonly cluster: string | null;
}

/** WORKBENCH_EVENTS_REPLICAS: how many replicas each shard has (1: plain MergeTree tables). */
export const EVENTS_REPLICAS_ENV = 'WORKBENCH_EVENTS_REPLICAS';

/**
 * `clickhouse://[user[:password]@]host:port[,host:port…]/database[?cluster=name]`: the shards'
 * HTTP addresses in the cluster's shard order. Several addresses need a cluster. With
 * `replicasPerShard` above 1 the addresses are every shard's replicas, that many per shard one
 * after the other (h1a,h1b,h2a,h2b): the cluster's replicated shards.
 */
export function parseClickHouseUrl(text: string, replicasPerShard = 1): ClickHouseLocation {
  const match = /^clickhouse:\/\/(?:([^:@/]+)(?::([^@/]*))?@)?([^/?#]+)\/([^/?#]+)(?:\?(.*))?$/.exec(
    text.trim(),
  );
  const bad = (why: string) =>
    new Error(
      `WORKBENCH_EVENTS_URL must be clickhouse://host:port[,host:port…]/database[?cluster=name] (${why}), got "${text}".`,
    );
  if (!match) throw bad('not of that form');
  const [, user, password, hosts, database, query] = match;
  const servers = hosts.split(',').map((part): ClickHouseAddress => {
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
  if (servers.length > 1 && cluster === null) throw bad('several shards need ?cluster=');
  if (!Number.isInteger(replicasPerShard) || replicasPerShard < 1)
    throw new Error(`${EVENTS_REPLICAS_ENV} must be a whole number of 1 or more, got ${replicasPerShard}.`);
  if (replicasPerShard > 1 && cluster === null)
    throw bad(`replicated shards (${EVENTS_REPLICAS_ENV}) need ?cluster=`);
  if (servers.length % replicasPerShard !== 0)
    throw bad(
      `${servers.length} addresses are not shards of ${replicasPerShard} replicas (${EVENTS_REPLICAS_ENV})`,
    );
  const shards: ClickHouseAddress[] = [];
  for (let i = 0; i < servers.length; i += replicasPerShard)
    shards.push({ ...servers[i], replicas: servers.slice(i + 1, i + replicasPerShard) });
  return { shards, replicasPerShard, database, cluster };
}
