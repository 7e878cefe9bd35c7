CREATE TABLE "ledger_day_balances" (
	"store_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"account" varchar(32) NOT NULL,
	"debit" numeric(20, 2) NOT NULL,
	"credit" numeric(20, 2) NOT NULL,
	CONSTRAINT "ledger_day_balances_pk" PRIMARY KEY("store_id","entry_date","account"),
	CONSTRAINT "ledger_day_balances_account_check" CHECK ("ledger_day_balances"."account" in ('cash', 'bank', 'loansReceivable', 'interestReceivable', 'reloanClearing', 'customerDeposits', 'ocaPayable', 'interestIncome', 'overdueInterestIncome', 'feeIncome', 'badDebtRecovered', 'settlementRebate', 'badDebtExpense', 'ocaCharges'))
);
--> statement-breakpoint
ALTER TABLE "ledger_day_balances" ADD CONSTRAINT "ledger_day_balances_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_day_balances_date_idx" ON "ledger_day_balances" USING btree ("entry_date");--> statement-breakpoint
-- hand-written
-- The kept balances: every statement that appends journal lines adds their debits and credits, per
-- store, date and account, in its own transaction. An increment, never a recount, so posting costs
-- the same however long the journal is. The keys are upserted in (store, date, account) order, so
-- two transactions posting to the same days lock the rows in the same order and cannot deadlock;
-- the second waits for the first's row and adds to its committed figure (ON CONFLICT re-reads it).
-- SECURITY DEFINER: the app role only reads the table (app-role.ts, READ_ONLY_TABLES), so no
-- request can write a balance the journal does not hold. Row-level security still applies (the
-- table's FORCE policy): the lines it adds passed the same store scope a moment before.
CREATE OR REPLACE FUNCTION harbour_keep_ledger_balances() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  BEGIN
    INSERT INTO ledger_day_balances AS b (store_id, entry_date, account, debit, credit)
    SELECT n.store_id, n.entry_date, n.account, sum(n.debit), sum(n.credit)
      FROM new_lines n
     GROUP BY n.store_id, n.entry_date, n.account
     ORDER BY n.store_id, n.entry_date, n.account
    ON CONFLICT (store_id, entry_date, account)
      DO UPDATE SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit;
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_keep_balances AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION harbour_keep_ledger_balances();
--> statement-breakpoint
-- The consistency check: every (store, date, account) whose kept figures differ from the sums of
-- its journal lines, in the caller's store scope. Empty when the two agree to the cent.
CREATE OR REPLACE FUNCTION harbour_ledger_balance_differences()
  RETURNS TABLE (store_id integer, entry_date date, account varchar, kept_debit numeric, kept_credit numeric, journal_debit numeric, journal_credit numeric)
  LANGUAGE sql STABLE AS $$
    WITH journal AS (
      SELECT l.store_id, l.entry_date, l.account, sum(l.debit) AS debit, sum(l.credit) AS credit
        FROM journal_lines l GROUP BY l.store_id, l.entry_date, l.account
    )
    SELECT coalesce(b.store_id, j.store_id), coalesce(b.entry_date, j.entry_date), coalesce(b.account, j.account),
           coalesce(b.debit, 0), coalesce(b.credit, 0), coalesce(j.debit, 0), coalesce(j.credit, 0)
      FROM ledger_day_balances b
      FULL JOIN journal j ON j.store_id = b.store_id AND j.entry_date = b.entry_date AND j.account = b.account
     WHERE coalesce(b.debit, 0) <> coalesce(j.debit, 0) OR coalesce(b.credit, 0) <> coalesce(j.credit, 0)
     ORDER BY 1, 2, 3
  $$;
--> statement-breakpoint
SELECT harbour_store_owned('ledger_day_balances');
--> statement-breakpoint
-- the journal so far, read across every store (the migration's role may be held to row-level security)
SELECT set_config('harbour.all_stores', 'on', true);
--> statement-breakpoint
INSERT INTO ledger_day_balances (store_id, entry_date, account, debit, credit)
SELECT l.store_id, l.entry_date, l.account, sum(l.debit), sum(l.credit)
  FROM journal_lines l GROUP BY l.store_id, l.entry_date, l.account;
--> statement-breakpoint
SELECT set_config('harbour.all_stores', '', true);
--> statement-breakpoint
-- The store scope as one transaction setting. The server writes `harbour.visible_stores` (the
-- store ids as an integer[] literal) where it writes harbour.store_id and harbour.all_stores, from
-- the caller it has authenticated (applyStoreScope, platform/store-scope.ts). Read through this
-- plain SQL function — no SECURITY DEFINER, no SET clause — PostgreSQL inlines it into each
-- policy's initplan: a setting read per statement instead of a definer call (a
-- function-manager context switch and a search_path change) per policy, about 25 a receipt.
-- A transaction that has not written the setting (a migration, a test's owner connection that sets
-- harbour.all_stores only) keeps the earlier reading, harbour_visible_stores_by_setting(); one that
-- set neither sees no store-owned row. Anyone who may call set_config could already write
-- harbour.all_stores, so the new setting trusts no one more than before.
ALTER FUNCTION harbour_visible_stores() RENAME TO harbour_visible_stores_by_setting;
--> statement-breakpoint
CREATE FUNCTION harbour_visible_stores() RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE
      WHEN coalesce(current_setting('harbour.visible_stores', true), '') <> ''
        THEN current_setting('harbour.visible_stores', true)::integer[]
      ELSE harbour_visible_stores_by_setting()
    END
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
