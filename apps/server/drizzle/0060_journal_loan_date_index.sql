-- A loan's journal entries by loan and date: the retention reading's "last entry of the loan" is one
-- step down the index instead of a visit to every entry of the loan.
DROP INDEX "journal_entries_loan_idx";--> statement-breakpoint
CREATE INDEX "journal_entries_loan_date_idx" ON "journal_entries" USING btree ("loan_id","entry_date");