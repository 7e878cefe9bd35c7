CREATE TABLE "loan_instalment_paid" (
	"loan_id" integer NOT NULL,
	"tenor" smallint NOT NULL,
	"store_id" integer NOT NULL,
	"principal" numeric(16, 2) NOT NULL,
	"interest" numeric(16, 2) NOT NULL,
	"interest_waived" numeric(16, 2) NOT NULL,
	"overdue_interest" numeric(16, 2) NOT NULL,
	"handling_fee" numeric(16, 2) NOT NULL,
	"last_paid_on" date,
	CONSTRAINT "loan_instalment_paid_loan_id_tenor_pk" PRIMARY KEY("loan_id","tenor")
);
--> statement-breakpoint
ALTER TABLE "loan_instalment_paid" ADD CONSTRAINT "loan_instalment_paid_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalment_paid" ADD CONSTRAINT "loan_instalment_paid_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- What the standing receipts paid of each instalment, kept in the transaction that posts or
-- corrects a receipt. Recomputed per loan from its lines (not added to), so the figures are the
-- lines' sums whatever order receipts and corrections come in; a loan's receipts are serialised
-- by its row lock, so the lines read here include every earlier receipt of the loan.
-- Not SECURITY DEFINER: it runs with the caller's store scope, which already let it write the
-- lines (or the correction) of that loan's store.
CREATE OR REPLACE FUNCTION harbour_keep_instalment_paid(loan_ids integer[]) RETURNS void
  LANGUAGE sql AS $$
    INSERT INTO loan_instalment_paid AS k
           (loan_id, tenor, store_id, principal, interest, interest_waived, overdue_interest, handling_fee, last_paid_on)
    SELECT ln.loan_id, ln.tenor, min(ln.store_id),
           coalesce(sum(ln.principal) FILTER (WHERE c.id IS NULL), 0),
           coalesce(sum(ln.interest) FILTER (WHERE c.id IS NULL), 0),
           coalesce(sum(ln.interest_waived) FILTER (WHERE c.id IS NULL), 0),
           coalesce(sum(ln.overdue_interest) FILTER (WHERE c.id IS NULL), 0),
           coalesce(sum(ln.handling_fee) FILTER (WHERE c.id IS NULL), 0),
           max(r.repay_date) FILTER (WHERE c.id IS NULL AND ln.principal + ln.interest + ln.interest_waived + ln.overdue_interest + ln.handling_fee > 0)
      FROM loan_repayment_lines ln
      JOIN loan_repayments r ON r.id = ln.repayment_id
      LEFT JOIN loan_repayment_corrections c ON c.repayment_id = ln.repayment_id
     WHERE ln.loan_id = ANY (loan_ids)
     GROUP BY ln.loan_id, ln.tenor
    ON CONFLICT (loan_id, tenor) DO UPDATE
       SET principal = excluded.principal, interest = excluded.interest, interest_waived = excluded.interest_waived,
           overdue_interest = excluded.overdue_interest, handling_fee = excluded.handling_fee, last_paid_on = excluded.last_paid_on
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION harbour_instalment_paid_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM harbour_keep_instalment_paid(ARRAY(SELECT DISTINCT loan_id FROM changed));
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
CREATE TRIGGER loan_repayment_lines_keep_paid AFTER INSERT ON loan_repayment_lines
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION harbour_instalment_paid_changed();
--> statement-breakpoint
CREATE TRIGGER loan_repayment_corrections_keep_paid AFTER INSERT ON loan_repayment_corrections
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION harbour_instalment_paid_changed();
--> statement-breakpoint
-- the book so far, read across every store (the migration's role may be held to row-level security)
SELECT set_config('harbour.all_stores', 'on', true);
--> statement-breakpoint
SELECT harbour_keep_instalment_paid(ARRAY(SELECT DISTINCT loan_id FROM loan_repayment_lines));
--> statement-breakpoint
SELECT set_config('harbour.all_stores', '', true);
--> statement-breakpoint
SELECT harbour_store_owned('loan_instalment_paid');
