CREATE TABLE "loan_waiver_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"waiver_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"tenor" smallint NOT NULL,
	"overdue_interest_charged" numeric(16, 2) NOT NULL,
	"fee_charged" numeric(16, 2) NOT NULL,
	"accrued_to" date,
	"overdue_interest_waived" numeric(16, 2) NOT NULL,
	"fee_waived" numeric(16, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_waiver_lines_once" UNIQUE("waiver_id","tenor")
);
--> statement-breakpoint
CREATE TABLE "loan_waiver_voids" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"waiver_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"voided_on" date NOT NULL,
	"voided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_waiver_voids_waiver_id_unique" UNIQUE("waiver_id")
);
--> statement-breakpoint
CREATE TABLE "loan_waivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"waive_date" date NOT NULL,
	"overdue_interest_before" numeric(16, 2) NOT NULL,
	"fee_before" numeric(16, 2) NOT NULL,
	"overdue_interest" numeric(16, 2) NOT NULL,
	"fee" numeric(16, 2) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"after_repayment_id" integer,
	"idempotency_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_waivers_idempotency" UNIQUE("loan_id","idempotency_key"),
	CONSTRAINT "loan_waivers_amounts" CHECK ("loan_waivers"."overdue_interest" >= 0 and "loan_waivers"."fee" >= 0 and "loan_waivers"."overdue_interest" + "loan_waivers"."fee" > 0 and "loan_waivers"."overdue_interest" <= "loan_waivers"."overdue_interest_before" and "loan_waivers"."fee" <= "loan_waivers"."fee_before")
);
--> statement-breakpoint
ALTER TABLE "loan_waiver_lines" ADD CONSTRAINT "loan_waiver_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waiver_lines" ADD CONSTRAINT "loan_waiver_lines_waiver_id_loan_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."loan_waivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waiver_lines" ADD CONSTRAINT "loan_waiver_lines_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waiver_voids" ADD CONSTRAINT "loan_waiver_voids_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waiver_voids" ADD CONSTRAINT "loan_waiver_voids_waiver_id_loan_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."loan_waivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waiver_voids" ADD CONSTRAINT "loan_waiver_voids_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waiver_voids" ADD CONSTRAINT "loan_waiver_voids_voided_by_staff_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waivers" ADD CONSTRAINT "loan_waivers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waivers" ADD CONSTRAINT "loan_waivers_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_waivers" ADD CONSTRAINT "loan_waivers_after_repayment_id_loan_repayments_id_fk" FOREIGN KEY ("after_repayment_id") REFERENCES "public"."loan_repayments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_waiver_lines_loan" ON "loan_waiver_lines" USING btree ("loan_id","tenor");--> statement-breakpoint
CREATE INDEX "loan_waiver_voids_loan" ON "loan_waiver_voids" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_waivers_loan" ON "loan_waivers" USING btree ("loan_id","id");--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('loan_waivers');--> statement-breakpoint
SELECT harbour_store_owned('loan_waiver_lines');--> statement-breakpoint
SELECT harbour_store_owned('loan_waiver_voids');--> statement-breakpoint
-- Waivers, their lines and their voids are written once, like the receipts: a void is a new row.
CREATE TRIGGER loan_waivers_no_update_delete BEFORE UPDATE OR DELETE ON loan_waivers
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER loan_waiver_lines_no_update_delete BEFORE UPDATE OR DELETE ON loan_waiver_lines
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER loan_waiver_voids_no_update_delete BEFORE UPDATE OR DELETE ON loan_waiver_voids
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();
