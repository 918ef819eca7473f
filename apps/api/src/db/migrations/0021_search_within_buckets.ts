import { type Kysely, sql } from 'kysely';

/**
 * A search within categories also finds the progress bucket in its index (issue 17). Migration 0019 indexed each
 * word as `category:word`; the index gave every project holding the words in those categories, and each was read
 * from the table to drop those of another bucket: about three in four with a bucket chosen, ~200 rows read for
 * ~50 kept, most of the search's time. Words are now indexed as `category.bucket:word` (`3.25to75:solar`;
 * `3.none:solar` without a goal), and a search asks for each category and bucket it wants: with a bucket, it walks
 * a quarter of the entries and reads only the rows it keeps. The buckets are the list filter's (`PROGRESS_SQL`),
 * with the same integer comparisons. (Status and progress as lexemes of their own, ANDed with the words, were tried
 * first: GIN then walked their long entries, and the index scan cost more than the rows it saved.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function search_scope(category integer, goal_cents bigint, current_cents bigint) returns text
    language sql immutable parallel safe
    return coalesce(category, 0) || '.' ||
      case when coalesce(goal_cents, 0) <= 0 then 'none'
           when current_cents * 4 < goal_cents then 'under25'
           when current_cents * 4 < goal_cents * 3 then '25to75'
           when current_cents < goal_cents then '75to99'
           else 'funded' end`.execute(db);
  // As category_scoped (migration 0019), with any scope.
  await sql`
    create function scoped(scope text, document tsvector) returns tsvector
    language sql immutable parallel safe
    return regexp_replace(document::text, '''((?:[^'']|'''')+)''', '''' || scope || ':\\1''', 'g')::tsvector`.execute(
    db,
  );
  await sql`
    create function scoped(scope text, query tsquery) returns tsquery
    language sql immutable parallel safe
    return regexp_replace(query::text, '''((?:[^'']|'''')+)''', '''' || scope || ':\\1''', 'g')::tsquery`.execute(
    db,
  );
  await recreate(db, sql`scoped(search_scope(category_id, goal_cents, current_cents), ${WORDS})`);
  await sql`drop function category_scoped(integer, tsquery)`.execute(db);
  await sql`drop function category_scoped(integer, tsvector)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function category_scoped(category integer, document tsvector) returns tsvector
    language sql immutable parallel safe
    return regexp_replace(document::text, '''((?:[^'']|'''')+)''', '''' || coalesce(category, 0) || ':\\1''', 'g')::tsvector`.execute(
    db,
  );
  await sql`
    create function category_scoped(category integer, query tsquery) returns tsquery
    language sql immutable parallel safe
    return regexp_replace(query::text, '''((?:[^'']|'''')+)''', '''' || category || ':\\1''', 'g')::tsquery`.execute(
    db,
  );
  await recreate(db, sql`category_scoped(category_id, ${WORDS})`);
  await sql`drop function scoped(text, tsquery)`.execute(db);
  await sql`drop function scoped(text, tsvector)`.execute(db);
  await sql`drop function search_scope(integer, bigint, bigint)`.execute(db);
}

const WORDS = sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(description_text, '')), 'B')`;

/** A generated column's expression cannot change in place: the column and its index are made again. */
async function recreate(db: Kysely<unknown>, expression: ReturnType<typeof sql>) {
  await sql`alter table projects drop column search_in_category`.execute(db);
  await sql`alter table projects add column search_in_category tsvector generated always as (${expression}) stored`.execute(
    db,
  );
  await sql`
    create index projects_search_in_category_idx on projects using gin (search_in_category)
    with (gin_pending_list_limit = 256)`.execute(db);
}
