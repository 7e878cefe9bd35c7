CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"event" varchar(32) NOT NULL,
	"loan_id" integer,
	"memo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reverses_entry_id" bigint,
	"request_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "journal_entries_id_store_unique" UNIQUE("id","store_id"),
	CONSTRAINT "journal_entries_reverses_unique" UNIQUE("reverses_entry_id"),
	CONSTRAINT "journal_entries_event_check" CHECK ("journal_entries"."event" in ('payout', 'repayment', 'interest_accrued', 'temporary_applied', 'temporary_refund', 'early_settlement', 'write_off', 'write_off_recovery', 'oca_charge', 'oca_payment', 'reversal')),
	CONSTRAINT "journal_entries_reversal_check" CHECK (("journal_entries"."event" = 'reversal') = ("journal_entries"."reverses_entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"store_id" integer NOT NULL,
	"account" varchar(32) NOT NULL,
	"debit" numeric(16, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(16, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "journal_lines_account_check" CHECK ("journal_lines"."account" in ('cash', 'bank', 'loansReceivable', 'interestReceivable', 'reloanClearing', 'customerDeposits', 'ocaPayable', 'interestIncome', 'overdueInterestIncome', 'feeIncome', 'badDebtRecovered', 'settlementRebate', 'badDebtExpense', 'ocaCharges')),
	CONSTRAINT "journal_lines_one_side_check" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and ("journal_lines"."debit" > 0) <> ("journal_lines"."credit" > 0))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_fk" FOREIGN KEY ("reverses_entry_id","store_id") REFERENCES "public"."journal_entries"("id","store_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_fk" FOREIGN KEY ("entry_id","store_id") REFERENCES "public"."journal_entries"("id","store_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_store_date_idx" ON "journal_entries" USING btree ("store_id","entry_date");--> statement-breakpoint
CREATE INDEX "journal_entries_loan_idx" ON "journal_entries" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_store_account_idx" ON "journal_lines" USING btree ("store_id","account");--> statement-breakpoint
-- hand-written
-- Store-owned: row-level security by the caller's store scope (a line carries its entry's store).
SELECT harbour_store_owned('journal_entries');
--> statement-breakpoint
SELECT harbour_store_owned('journal_lines');
--> statement-breakpoint
-- The ledger is append-only like audit_log: whoever connects, UPDATE, DELETE and TRUNCATE are
-- refused; a correction is a reversal entry. (The app role also has only SELECT and INSERT.)
CREATE OR REPLACE FUNCTION harbour_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_update_delete BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION harbour_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_update_delete BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines
  FOR EACH STATEMENT EXECUTE FUNCTION harbour_ledger_append_only();
--> statement-breakpoint
-- Every entry balances, enforced by the database as well as the domain: at commit (the trigger is
-- deferred, so an entry and its lines are inserted one after the other), an entry with fewer than
-- two lines or whose debits differ from its credits is refused and the transaction rolls back.
CREATE OR REPLACE FUNCTION harbour_journal_entry_balanced() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  entry bigint;
  lines integer;
  debits numeric;
  credits numeric;
BEGIN
  IF TG_TABLE_NAME = 'journal_entries' THEN
    entry := NEW.id;
  ELSE
    entry := NEW.entry_id;
  END IF;
  SELECT count(*), coalesce(sum(debit), 0), coalesce(sum(credit), 0) INTO lines, debits, credits
    FROM journal_lines WHERE entry_id = entry;
  IF lines < 2 OR debits <> credits THEN
    RAISE EXCEPTION 'journal entry % does not balance: % line(s), debits %, credits %', entry, lines, debits, credits
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION harbour_journal_entry_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION harbour_journal_entry_balanced();
