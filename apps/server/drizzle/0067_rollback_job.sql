-- The rollback of an import batch runs as a server job, like its commit (docs/import.md → The
-- rollback): the batch shows `rollingBack` while it runs, with its progress — the opening entries
-- to reverse and the records to remove (`rollback_total`), and how many are done
-- (`rollback_done`) — which the page polls. A rollback that fails leaves the batch `committed`
-- with its `failure`.
ALTER TABLE "import_batches" ADD COLUMN "rollback_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "rollback_done" integer DEFAULT 0 NOT NULL;
