-- The rollback of a large import batch (docs/import.md → The rollback) deletes the batch's records
-- in a statement a table. Each deleted row has its foreign keys checked, and a referencing column
-- without an index is a scan of its whole table per deleted row: `loan_approvals.undoes_id` (the
-- batch's own table: 6.3 s for 10,000 approvals, growing with the square of the batch), and the
-- receipts and loans referenced from bank lines, autopay instructions, waivers, schedule revisions
-- and OCA recoveries (small in a new book, not in a lender's). Indexed here, as drizzle declares them.
CREATE INDEX "loan_approvals_undoes" ON "loan_approvals" USING btree ("undoes_id") WHERE "loan_approvals"."undoes_id" is not null;--> statement-breakpoint
CREATE INDEX "loan_oca_recoveries_repayment" ON "loan_oca_recoveries" USING btree ("repayment_id");--> statement-breakpoint
CREATE INDEX "loan_schedule_revisions_repayment" ON "loan_schedule_revisions" USING btree ("repayment_id") WHERE "loan_schedule_revisions"."repayment_id" is not null;--> statement-breakpoint
CREATE INDEX "loan_waivers_after_repayment" ON "loan_waivers" USING btree ("after_repayment_id") WHERE "loan_waivers"."after_repayment_id" is not null;--> statement-breakpoint
CREATE INDEX "autopay_instructions_repayment" ON "autopay_instructions" USING btree ("repayment_id") WHERE "autopay_instructions"."repayment_id" is not null;--> statement-breakpoint
CREATE INDEX "autopay_instructions_loan" ON "autopay_instructions" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_repayment" ON "bank_statement_lines" USING btree ("repayment_id") WHERE "bank_statement_lines"."repayment_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_loan" ON "bank_statement_lines" USING btree ("loan_id") WHERE "bank_statement_lines"."loan_id" is not null;--> statement-breakpoint
-- Receipts and their lines stay append-only (migration 0055): an update is refused row by row as
-- before, and a delete is refused unless every deleted row is an `opening` receipt (or its line) of
-- a batch that is `rollingBack`. That delete check ran once per deleted row (193,000 calls, 14.3 s
-- of a 10,000-loan batch's rollback); it now runs once per statement over the deleted rows (a
-- transition table), with the same condition, error code and message: a statement deleting any
-- other receipt or line fails and rolls back as before (a receipt that still has lines is refused
-- by its lines' foreign key, which PostgreSQL checks before a statement's AFTER trigger).
CREATE OR REPLACE FUNCTION harbour_receipts_delete_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'loan_repayments' THEN
    IF EXISTS (
      SELECT 1 FROM gone o
       WHERE o.repay_type IS DISTINCT FROM 'opening'
          OR NOT EXISTS (
            SELECT 1 FROM import_rows r JOIN import_batches b ON b.id = r.batch_id
             WHERE r.entity = 'repayment' AND r.entity_id = o.id AND b.state = 'rollingBack')
    ) THEN
      RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
    END IF;
  ELSE
    IF EXISTS (
      SELECT 1 FROM gone o
       WHERE NOT EXISTS (
            SELECT 1 FROM loan_repayments p
              JOIN import_rows r ON r.entity = 'repayment' AND r.entity_id = p.id
              JOIN import_batches b ON b.id = r.batch_id
             WHERE p.id = o.repayment_id AND p.repay_type = 'opening' AND b.state = 'rollingBack')
    ) THEN
      RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER loan_repayments_no_update_delete ON loan_repayments;
--> statement-breakpoint
CREATE TRIGGER loan_repayments_no_update BEFORE UPDATE ON loan_repayments
  FOR EACH ROW EXECUTE FUNCTION harbour_receipts_append_only();
--> statement-breakpoint
CREATE TRIGGER loan_repayments_delete_guard AFTER DELETE ON loan_repayments
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION harbour_receipts_delete_guard();
--> statement-breakpoint
DROP TRIGGER loan_repayment_lines_no_update_delete ON loan_repayment_lines;
--> statement-breakpoint
CREATE TRIGGER loan_repayment_lines_no_update BEFORE UPDATE ON loan_repayment_lines
  FOR EACH ROW EXECUTE FUNCTION harbour_receipts_append_only();
--> statement-breakpoint
CREATE TRIGGER loan_repayment_lines_delete_guard AFTER DELETE ON loan_repayment_lines
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION harbour_receipts_delete_guard();
