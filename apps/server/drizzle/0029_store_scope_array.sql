-- hand-written
-- Store scope as a list the planner can estimate. The first policy, harbour_store_visible(store_id),
-- inlines to `current_setting('harbour.all_stores') = 'on' OR store_id = …`: PostgreSQL guesses
-- that 0.5 % of the rows pass it, on every store-owned table of a query, and on a book of 100,000
-- loans picks nested loops that run for minutes where a hash join takes a second (docs/benchmarks.md).
-- `store_id = ANY (<the visible stores>)`, the list computed once per statement (an initplan), is
-- estimated as most of the table for an all-stores caller, and its per-row test is a short array
-- scan. The rows it lets through are the same: a store_id always names a row of `stores`.
-- (The cast keeps `ANY ((SELECT …))` an array expression; without it PostgreSQL reads a subquery.)
-- SECURITY DEFINER: any role that reads a store-owned table may learn which stores exist (their
-- ids only), without a grant on `stores` of its own.
CREATE OR REPLACE FUNCTION harbour_visible_stores() RETURNS integer[]
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    SELECT CASE
      WHEN coalesce(current_setting('harbour.all_stores', true), '') = 'on'
        THEN (SELECT coalesce(array_agg(id ORDER BY id), '{}'::integer[]) FROM stores)
      WHEN coalesce(current_setting('harbour.store_id', true), '') = '' THEN '{}'::integer[]
      ELSE ARRAY[current_setting('harbour.store_id', true)::integer]
    END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION harbour_store_visible(row_store integer) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT row_store = ANY (harbour_visible_stores())
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION harbour_store_owned(tbl regclass) RETURNS void
  LANGUAGE plpgsql AS $$
  BEGIN
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
    EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
    EXECUTE format('DROP POLICY IF EXISTS store_scope ON %s', tbl);
    EXECUTE format('CREATE POLICY store_scope ON %s USING (store_id = ANY ((SELECT harbour_visible_stores())::integer[])) WITH CHECK (store_id = ANY ((SELECT harbour_visible_stores())::integer[]))', tbl);
  END;
  $$;
--> statement-breakpoint
DO $$
DECLARE
  t regclass;
BEGIN
  FOR t IN SELECT format('%I.%I', schemaname, tablename)::regclass FROM pg_policies WHERE policyname = 'store_scope' LOOP
    PERFORM harbour_store_owned(t);
  END LOOP;
END
$$;
