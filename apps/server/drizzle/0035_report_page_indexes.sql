CREATE INDEX "loan_instalments_due_date" ON "loan_instalments" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "loan_repayment_corrections_entry" ON "loan_repayment_corrections" USING btree ("corrected_on","journal_entry_id");--> statement-breakpoint
CREATE INDEX "loan_repayments_entry" ON "loan_repayments" USING btree ("repay_date","journal_entry_id");