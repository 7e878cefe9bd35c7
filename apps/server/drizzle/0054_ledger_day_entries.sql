CREATE TABLE "ledger_day_entries" (
	"store_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_day_entries_pk" PRIMARY KEY("store_id","entry_date")
);
--> statement-breakpoint
ALTER TABLE "ledger_day_entries" ADD CONSTRAINT "ledger_day_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- The kept entry counts: every statement that appends journal entries adds how many it appended, per
-- store and date, in its own transaction — an increment, never a recount, like the day balances
-- (migration 0049). Keys are upserted in (store, date) order so concurrent posters lock alike.
-- SECURITY DEFINER: the app role only reads the table (app-role.ts, READ_ONLY_TABLES).
CREATE OR REPLACE FUNCTION harbour_keep_ledger_entries() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  BEGIN
    INSERT INTO ledger_day_entries AS d (store_id, entry_date, entries)
    SELECT n.store_id, n.entry_date, count(*)
      FROM new_entries n
     GROUP BY n.store_id, n.entry_date
     ORDER BY n.store_id, n.entry_date
    ON CONFLICT (store_id, entry_date) DO UPDATE SET entries = d.entries + excluded.entries;
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_keep_counts AFTER INSERT ON journal_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION harbour_keep_ledger_entries();
--> statement-breakpoint
-- The consistency check: every (store, date) whose kept count differs from the journal's entries,
-- in the caller's store scope. Empty when they agree.
CREATE OR REPLACE FUNCTION harbour_ledger_entry_count_differences()
  RETURNS TABLE (store_id integer, entry_date date, kept integer, journal integer)
  LANGUAGE sql STABLE AS $$
    WITH journal AS (
      SELECT e.store_id, e.entry_date, count(*)::integer AS entries FROM journal_entries e GROUP BY e.store_id, e.entry_date
    )
    SELECT coalesce(d.store_id, j.store_id), coalesce(d.entry_date, j.entry_date), coalesce(d.entries, 0), coalesce(j.entries, 0)
      FROM ledger_day_entries d
      FULL JOIN journal j ON j.store_id = d.store_id AND j.entry_date = d.entry_date
     WHERE coalesce(d.entries, 0) <> coalesce(j.entries, 0)
     ORDER BY 1, 2
  $$;
--> statement-breakpoint
SELECT harbour_store_owned('ledger_day_entries');
--> statement-breakpoint
-- the journal so far, read across every store (the migration's role may be held to row-level security)
SELECT set_config('harbour.all_stores', 'on', true);
--> statement-breakpoint
INSERT INTO ledger_day_entries (store_id, entry_date, entries)
SELECT e.store_id, e.entry_date, count(*) FROM journal_entries e GROUP BY e.store_id, e.entry_date;
--> statement-breakpoint
SELECT set_config('harbour.all_stores', '', true);
