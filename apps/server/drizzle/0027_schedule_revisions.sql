CREATE TABLE "loan_schedule_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"revision" smallint NOT NULL,
	"cause" varchar(16) NOT NULL,
	"repayment_id" integer NOT NULL,
	"based_on" smallint NOT NULL,
	"rule" varchar(24),
	"from_tenor" smallint NOT NULL,
	"total_tenor" smallint NOT NULL,
	"remaining_before" smallint NOT NULL,
	"remaining_after" smallint NOT NULL,
	"instalment_before" numeric(16, 2) NOT NULL,
	"instalment_after" numeric(16, 2) NOT NULL,
	"outstanding_principal" numeric(16, 2) NOT NULL,
	"dropped_interest" numeric(16, 2) NOT NULL,
	"effective_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_schedule_revisions_revision" UNIQUE("loan_id","revision")
);
--> statement-breakpoint
ALTER TABLE "loan_instalments" DROP CONSTRAINT "loan_instalments_tenor";--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "revision" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_schedule_revisions" ADD CONSTRAINT "loan_schedule_revisions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_schedule_revisions" ADD CONSTRAINT "loan_schedule_revisions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_schedule_revisions" ADD CONSTRAINT "loan_schedule_revisions_repayment_id_loan_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."loan_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_tenor" UNIQUE("loan_id","revision","tenor");--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('loan_schedule_revisions');--> statement-breakpoint
-- A revision is written once: a void brings the earlier schedule back as a new revision.
CREATE TRIGGER loan_schedule_revisions_no_update_delete BEFORE UPDATE OR DELETE ON loan_schedule_revisions
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();
