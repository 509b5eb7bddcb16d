/**
 * Where the ClickHouse event store takes its event ids. Ids must be unique per database: the
 * keyset cursors page by (time, id), so two events of one millisecond with the same id would
 * make a block skip or repeat one of them. ClickHouse has no sequence and no transaction to
 * count ids with, so:
 *
 * - one writing server (SQLite config store): the ids are counted in the process, from
 *   max(id) + 1 at open (`localEventIds`), as DuckDB's store counts them;
 * - several replicas (PostgreSQL config store, WORKBENCH_CONFIG_URL): every replica takes its ids
 *   from one counter row in the config store's database (`postgresEventIds`), a range per append
 *   under the row's lock, so two replicas writing at once never take the same id.
 *
 * Ids of one append are consecutive (the i-th event gets first + i); across replicas they are
 * unique but not in wall-clock order, which paging does not need.
 */
import pg from 'pg';

export interface EventIdSource {
  /** The first of `count` consecutive ids that no other writer of the database gets. */
  take(count: number): Promise<number>;
  close(): Promise<void>;
}

/** Makes a database's id source; `floor` is max(id) + 1 of the events already stored. */
export type EventIdSourceFactory = (database: string, floor: number) => Promise<EventIdSource>;

/** Ids counted in this process: right for one writing server per database. */
export const localEventIds: EventIdSourceFactory = (_database, floor) => {
  let next = floor;
  return Promise.resolve({
    take(count) {
      const first = next;
      next += count;
      return Promise.resolve(first);
    },
    close: () => Promise.resolve(),
  });
};

const TABLE = 'clickhouse_event_ids';

/**
 * Ids from a counter row per ClickHouse database in the PostgreSQL config store's database.
 * The table is the event store's, not the config store's (it is not in the numbered migrations,
 * which SQLite shares): created here when missing. A floor above the row's counter (events
 * written before the row existed, or with another id source) moves the counter up, never down.
 */
export function postgresEventIds(configUrl: string): EventIdSourceFactory {
  return async (database, floor) => {
    const pool = new pg.Pool({ connectionString: configUrl, max: 2, connectionTimeoutMillis: 10_000 });
    // An idle client's connection error (PostgreSQL restarted) must not end the process.
    pool.on('error', () => undefined);
    try {
      // Two replicas starting at once may both create the table: PostgreSQL's IF NOT EXISTS can
      // still fail the second with a unique violation (23505), after which the table is there.
      await pool
        .query(`CREATE TABLE IF NOT EXISTS ${TABLE} (events_db TEXT PRIMARY KEY, next_id BIGINT NOT NULL)`)
        .catch((error: { code?: string }) => {
          if (error.code !== '23505' && error.code !== '42P07') throw error;
        });
      await pool.query(
        `INSERT INTO ${TABLE} (events_db, next_id) VALUES ($1, $2)
         ON CONFLICT (events_db) DO UPDATE SET next_id = GREATEST(${TABLE}.next_id, EXCLUDED.next_id)`,
        [database, floor],
      );
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      async take(count) {
        const { rows } = await pool.query<{ first: string }>(
          `UPDATE ${TABLE} SET next_id = next_id + $2 WHERE events_db = $1 RETURNING next_id - $2 AS first`,
          [database, count],
        );
        if (rows.length !== 1) throw new Error(`No event id counter for ClickHouse database "${database}".`);
        return Number(rows[0].first);
      },
      close: () => pool.end(),
    };
  };
}
