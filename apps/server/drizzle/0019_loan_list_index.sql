DROP INDEX "loans_store_status";--> statement-breakpoint
CREATE INDEX "loans_store_status_apply_date" ON "loans" USING btree ("store_id","status","apply_date");