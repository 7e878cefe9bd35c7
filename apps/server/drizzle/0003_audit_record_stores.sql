ALTER TABLE "audit_log" ADD COLUMN "record_store_ids" integer[];--> statement-breakpoint
CREATE INDEX "audit_log_record_stores_idx" ON "audit_log" USING gin ("record_store_ids");