-- hand-written (drizzle-kit's version added the column NOT NULL at once, which an existing ledger refuses)
-- A journal line carries its entry's business date, so a period's account totals are read from
-- the lines alone (the income and expenditure report: a million lines by account and date, no
-- join to their entries). The key to the entry now includes the date, so they cannot differ.
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_id_store_date_unique" UNIQUE("id","store_id","entry_date");
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "entry_date" date;
--> statement-breakpoint
-- the lines so far take their entries' dates: read across every store (the migration's role may be
-- held to row-level security), the append-only trigger off for this one statement
SELECT set_config('harbour.all_stores', 'on', true);
--> statement-breakpoint
ALTER TABLE "journal_lines" DISABLE TRIGGER "journal_lines_no_update_delete";
--> statement-breakpoint
UPDATE "journal_lines" l SET "entry_date" = e."entry_date" FROM "journal_entries" e WHERE e."id" = l."entry_id";
--> statement-breakpoint
ALTER TABLE "journal_lines" ENABLE TRIGGER "journal_lines_no_update_delete";
--> statement-breakpoint
SELECT set_config('harbour.all_stores', '', true);
--> statement-breakpoint
ALTER TABLE "journal_lines" ALTER COLUMN "entry_date" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_entry_fk";
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_fk" FOREIGN KEY ("entry_id","store_id","entry_date") REFERENCES "public"."journal_entries"("id","store_id","entry_date") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- an account's lines of a period, with what the totals need: read from the index alone
CREATE INDEX "journal_lines_account_date_idx" ON "journal_lines" ("account", "entry_date") INCLUDE ("store_id", "debit", "credit");
