-- hand-written
-- The store scope's functions may run in a parallel worker. Left PARALLEL UNSAFE (the default),
-- every query that reads a store-owned table — every report of an all-stores caller — ran on one
-- core: on the 100,000-loan bench book a year of instalments took 0.94 s instead of 0.55 s.
-- They read the transaction's settings (harbour.store_id, harbour.all_stores), which PostgreSQL
-- copies to its workers with the rest of the leader's settings, and the stores table; they write
-- nothing. module-pattern.test.ts checks a forced parallel plan sees the transaction's store only.
ALTER FUNCTION harbour_visible_stores() PARALLEL SAFE;
--> statement-breakpoint
ALTER FUNCTION harbour_store_visible(integer) PARALLEL SAFE;
