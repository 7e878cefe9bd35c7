CREATE TABLE "loan_totals" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"scheduled_interest" numeric(16, 2) NOT NULL,
	"paid_principal" numeric(16, 2) NOT NULL,
	"paid_interest" numeric(16, 2) NOT NULL,
	"paid_charges" numeric(16, 2) NOT NULL,
	"rebate" numeric(16, 2) NOT NULL,
	"last_receipt_on" date,
	"last_receipt_type" varchar(16),
	"last_receipt_method" varchar(16),
	"last_received_on" date
);
--> statement-breakpoint
ALTER TABLE "loan_totals" ADD CONSTRAINT "loan_totals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_totals" ADD CONSTRAINT "loan_totals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Per loan, the interest of the schedule in force and what its standing receipts paid, kept in the
-- transaction that pays it out, reschedules it, posts or corrects a receipt. Recomputed per loan
-- (not added to), like harbour_keep_instalment_paid: the row is always the sums of the loan's
-- instalments and receipts, whatever order they were written in; a loan's writes are serialised by
-- its row lock. The schedule in force today is the highest revision: a revision takes effect on
-- the date of the receipt (or correction) that wrote it, never after today.
-- Not SECURITY DEFINER: it runs with the caller's store scope, which let it write the loan's rows.
CREATE OR REPLACE FUNCTION harbour_keep_loan_totals(loan_ids integer[]) RETURNS void
  LANGUAGE sql AS $$
    INSERT INTO loan_totals AS t
           (loan_id, store_id, scheduled_interest, paid_principal, paid_interest, paid_charges, rebate,
            last_receipt_on, last_receipt_type, last_receipt_method, last_received_on)
    SELECT l.id, l.store_id, coalesce(s.interest, 0),
           coalesce(p.principal, 0), coalesce(p.interest, 0), coalesce(p.charges, 0), coalesce(p.rebate, 0),
           f.repay_date, f.repay_type, f.method, p.last_received_on
      FROM loans l
      LEFT JOIN LATERAL (
        SELECT sum(i.interest) AS interest FROM loan_instalments i
         WHERE i.loan_id = l.id AND i.revision = (SELECT max(v.revision) FROM loan_instalments v WHERE v.loan_id = l.id)
      ) s ON true
      LEFT JOIN LATERAL (
        SELECT sum(r.principal) AS principal, sum(r.interest) AS interest,
               sum(r.overdue_interest + r.handling_fee + r.lock_period_fee) AS charges, sum(r.rebate) AS rebate,
               max(r.repay_date) FILTER (WHERE r.received > 0) AS last_received_on
          FROM loan_repayments r
         WHERE r.loan_id = l.id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)
      ) p ON true
      LEFT JOIN LATERAL (
        SELECT r.repay_date, r.repay_type, r.method FROM loan_repayments r
         WHERE r.loan_id = l.id AND NOT EXISTS (SELECT 1 FROM loan_repayment_corrections c WHERE c.repayment_id = r.id)
         ORDER BY r.id DESC LIMIT 1
      ) f ON true
     WHERE l.id = ANY (loan_ids)
    ON CONFLICT (loan_id) DO UPDATE
       SET scheduled_interest = excluded.scheduled_interest, paid_principal = excluded.paid_principal,
           paid_interest = excluded.paid_interest, paid_charges = excluded.paid_charges, rebate = excluded.rebate,
           last_receipt_on = excluded.last_receipt_on, last_receipt_type = excluded.last_receipt_type,
           last_receipt_method = excluded.last_receipt_method, last_received_on = excluded.last_received_on
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION harbour_loan_totals_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM harbour_keep_loan_totals(ARRAY(SELECT DISTINCT loan_id FROM changed));
    RETURN NULL;
  END;
  $$;
--> statement-breakpoint
CREATE TRIGGER loan_instalments_keep_totals AFTER INSERT ON loan_instalments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION harbour_loan_totals_changed();
--> statement-breakpoint
CREATE TRIGGER loan_repayments_keep_totals AFTER INSERT ON loan_repayments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION harbour_loan_totals_changed();
--> statement-breakpoint
CREATE TRIGGER loan_repayment_corrections_keep_totals AFTER INSERT ON loan_repayment_corrections
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION harbour_loan_totals_changed();
--> statement-breakpoint
-- the book so far, read across every store (the migration's role may be held to row-level security)
SELECT set_config('harbour.all_stores', 'on', true);
--> statement-breakpoint
SELECT harbour_keep_loan_totals(ARRAY(SELECT id FROM loans WHERE payout_date IS NOT NULL));
--> statement-breakpoint
SELECT set_config('harbour.all_stores', '', true);
--> statement-breakpoint
SELECT harbour_store_owned('loan_totals');
