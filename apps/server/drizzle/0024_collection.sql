CREATE TABLE "loan_oca_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"agent_id" integer NOT NULL,
	"on_date" date NOT NULL,
	"charge_percent" numeric(5, 2),
	"solicitor_fee" numeric(16, 2),
	"remarks" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_oca_assignments_kind" CHECK ("loan_oca_assignments"."kind" in ('transfer','recall')),
	CONSTRAINT "loan_oca_assignments_terms" CHECK (("loan_oca_assignments"."kind" = 'transfer') = ("loan_oca_assignments"."charge_percent" is not null))
);
--> statement-breakpoint
CREATE TABLE "loan_oca_recoveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"recovered_on" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"method" varchar(16) NOT NULL,
	"remarks" varchar(1000),
	"agent_id" integer,
	"oca_charge" numeric(16, 2) DEFAULT '0' NOT NULL,
	"repayment_id" integer,
	"journal_entry_id" bigint,
	"idempotency_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_oca_recoveries_idempotency" UNIQUE("loan_id","idempotency_key"),
	CONSTRAINT "loan_oca_recoveries_kind" CHECK ("loan_oca_recoveries"."kind" in ('receipt','income') and ("loan_oca_recoveries"."kind" = 'receipt') = ("loan_oca_recoveries"."repayment_id" is not null)),
	CONSTRAINT "loan_oca_recoveries_amounts" CHECK ("loan_oca_recoveries"."amount" > 0 and "loan_oca_recoveries"."oca_charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_oca_recovery_voids" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"recovery_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"journal_entry_id" bigint NOT NULL,
	"voided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_oca_recovery_voids_recovery_id_unique" UNIQUE("recovery_id")
);
--> statement-breakpoint
CREATE TABLE "loan_write_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" varchar(9) NOT NULL,
	"cancels_id" integer,
	"on_date" date NOT NULL,
	"principal" numeric(16, 2) NOT NULL,
	"interest" numeric(16, 2) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"journal_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_write_offs_cancels_id_unique" UNIQUE("cancels_id"),
	CONSTRAINT "loan_write_offs_kind" CHECK ("loan_write_offs"."kind" in ('write_off','cancel') and ("loan_write_offs"."kind" = 'cancel') = ("loan_write_offs"."cancels_id" is not null)),
	CONSTRAINT "loan_write_offs_amounts" CHECK ("loan_write_offs"."principal" >= 0 and "loan_write_offs"."interest" >= 0)
);
--> statement-breakpoint
ALTER TABLE "loan_oca_assignments" ADD CONSTRAINT "loan_oca_assignments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_assignments" ADD CONSTRAINT "loan_oca_assignments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_assignments" ADD CONSTRAINT "loan_oca_assignments_agent_id_oca_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."oca_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recoveries" ADD CONSTRAINT "loan_oca_recoveries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recoveries" ADD CONSTRAINT "loan_oca_recoveries_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recoveries" ADD CONSTRAINT "loan_oca_recoveries_agent_id_oca_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."oca_agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recoveries" ADD CONSTRAINT "loan_oca_recoveries_repayment_id_loan_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."loan_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recoveries" ADD CONSTRAINT "loan_oca_recoveries_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recovery_voids" ADD CONSTRAINT "loan_oca_recovery_voids_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recovery_voids" ADD CONSTRAINT "loan_oca_recovery_voids_recovery_id_loan_oca_recoveries_id_fk" FOREIGN KEY ("recovery_id") REFERENCES "public"."loan_oca_recoveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recovery_voids" ADD CONSTRAINT "loan_oca_recovery_voids_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recovery_voids" ADD CONSTRAINT "loan_oca_recovery_voids_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_oca_recovery_voids" ADD CONSTRAINT "loan_oca_recovery_voids_voided_by_staff_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_write_offs" ADD CONSTRAINT "loan_write_offs_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_oca_assignments_loan" ON "loan_oca_assignments" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loan_oca_recoveries_loan" ON "loan_oca_recoveries" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loan_oca_recovery_voids_loan" ON "loan_oca_recovery_voids" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_write_offs_loan" ON "loan_write_offs" USING btree ("loan_id","id");--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('loan_oca_assignments');--> statement-breakpoint
SELECT harbour_store_owned('loan_write_offs');--> statement-breakpoint
SELECT harbour_store_owned('loan_oca_recoveries');--> statement-breakpoint
SELECT harbour_store_owned('loan_oca_recovery_voids');--> statement-breakpoint
-- Collection records are written once, like the journal they post to: a recall, a cancelled
-- write-off or a deleted recovery is a new row (and a reversal entry), never an edit.
CREATE TRIGGER loan_oca_assignments_no_update_delete BEFORE UPDATE OR DELETE ON loan_oca_assignments
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER loan_write_offs_no_update_delete BEFORE UPDATE OR DELETE ON loan_write_offs
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER loan_oca_recoveries_no_update_delete BEFORE UPDATE OR DELETE ON loan_oca_recoveries
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER loan_oca_recovery_voids_no_update_delete BEFORE UPDATE OR DELETE ON loan_oca_recovery_voids
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();
