import { type Kysely, sql } from 'kysely';

/**
 * A campaign that goes viral has its row updated with every payment (its counters), and each update, since the
 * counters are in the popular and funded sort indexes, puts a new entry for every word of the project into both
 * full-text indexes (issue 17). Until a vacuum removes them, a search for its words walks every one of those
 * entries: 3,000 payments took a search for the hot project's words from 1 entry to 3,001, and 0.1 to 1.3 ms.
 *
 * Two things kept them there. Autovacuum waits by default for a fifth of the table to change (20,000 updates on
 * 100,000 projects). And a vacuum skips cleaning the indexes when under 2% of the table's pages hold dead rows,
 * which is exactly one hot project's case: a plain VACUUM left all 3,001 entries. So `projects` is vacuumed after
 * 1,000 updates plus 1% of its rows, always with its indexes: on 100,000 projects that vacuum took 0.25 s.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects set (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0.01,
                                      vacuum_index_cleanup = on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects reset (autovacuum_vacuum_threshold, autovacuum_vacuum_scale_factor,
                                        vacuum_index_cleanup)`.execute(db);
}
