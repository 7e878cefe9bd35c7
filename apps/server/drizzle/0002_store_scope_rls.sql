-- Store scope by construction (architecture §5): store-owned tables are protected by row-level
-- security. Each transaction the server opens sets harbour.store_id (the caller's current store)
-- and harbour.all_stores ('on' for an all-stores role, the super admin or a system job);
-- without them a store-owned row is neither visible nor writable.
CREATE OR REPLACE FUNCTION harbour_store_visible(row_store integer) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT coalesce(current_setting('harbour.all_stores', true), '') = 'on'
        OR row_store = nullif(current_setting('harbour.store_id', true), '')::integer
  $$;
--> statement-breakpoint
-- A migration that creates a store-owned table calls: SELECT harbour_store_owned('loans');
-- FORCE applies the policy to the table's owner too (only a superuser passes, and the server
-- refuses to run as one in production).
CREATE OR REPLACE FUNCTION harbour_store_owned(tbl regclass) RETURNS void
  LANGUAGE plpgsql AS $$
  BEGIN
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
    EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
    EXECUTE format('DROP POLICY IF EXISTS store_scope ON %s', tbl);
    EXECUTE format('CREATE POLICY store_scope ON %s USING (harbour_store_visible(store_id)) WITH CHECK (harbour_store_visible(store_id))', tbl);
  END
  $$;
