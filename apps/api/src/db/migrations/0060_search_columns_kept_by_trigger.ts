import { type Kysely, sql } from 'kysely';

/**
 * A project's two search columns were generated columns: PostgreSQL computes a stored generated column again on
 * every update of a column it reads, and `search_in_category` reads the raised amount (its progress bucket,
 * migration 0021), so each pledge ran the English parser over the project's title and whole description and a
 * regular expression over the result, for words that had not changed (issue 54: a pledge's work in the database
 * grew tenfold at ten times the bench's data). They are now plain columns a trigger keeps: the words are parsed
 * again only when the title or the description changes, and scoped again only when they or the scope (category,
 * progress bucket) change. `drop expression` keeps every row's values: nothing is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table projects alter column search_vector drop expression`.execute(db);
  await sql`alter table projects alter column search_in_category drop expression`.execute(db);
  await sql`
    create function projects_search_columns() returns trigger language plpgsql as $$
    declare
      words_changed boolean := tg_op = 'INSERT' or new.title is distinct from old.title
                               or new.description_text is distinct from old.description_text;
    begin
      if words_changed then
        new.search_vector := setweight(to_tsvector('english', coalesce(new.title, '')), 'A') ||
                             setweight(to_tsvector('english', coalesce(new.description_text, '')), 'B');
      else
        new.search_vector := old.search_vector;
      end if;
      if words_changed or search_scope(new.category_id, new.goal_cents, new.current_cents)
                          is distinct from search_scope(old.category_id, old.goal_cents, old.current_cents) then
        new.search_in_category := scoped(search_scope(new.category_id, new.goal_cents, new.current_cents),
                                         new.search_vector);
      else
        new.search_in_category := old.search_in_category;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger projects_search_columns before insert or update on projects
            for each row execute function projects_search_columns()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger projects_search_columns on projects`.execute(db);
  await sql`drop function projects_search_columns()`.execute(db);
  for (const [column, expression] of [
    ['search_vector', WORDS],
    ['search_in_category', sql`scoped(search_scope(category_id, goal_cents, current_cents), ${WORDS})`],
  ] as const) {
    await sql`alter table projects drop column ${sql.ref(column)}`.execute(db);
    await sql`alter table projects add column ${sql.ref(column)} tsvector generated always as (${expression}) stored`.execute(
      db,
    );
  }
  await sql`create index projects_search_idx on projects using gin (search_vector)
            with (gin_pending_list_limit = 256)`.execute(db);
  await sql`create index projects_search_in_category_idx on projects using gin (search_in_category)
            with (gin_pending_list_limit = 256)`.execute(db);
}

const WORDS = sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(description_text, '')), 'B')`;
