CREATE TABLE "loan_statement_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"requested_on" date NOT NULL,
	"issued_on" date NOT NULL,
	"surety_id" integer,
	"fee" numeric(16, 2),
	"remarks" varchar(500),
	"issued_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "loan_statement_requests_kind" CHECK ("loan_statement_requests"."kind" in ('s19','s20')),
	CONSTRAINT "loan_statement_requests_surety" CHECK (("loan_statement_requests"."kind" = 's20') = ("loan_statement_requests"."surety_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "loan_statement_requests" ADD CONSTRAINT "loan_statement_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_statement_requests" ADD CONSTRAINT "loan_statement_requests_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_statement_requests" ADD CONSTRAINT "loan_statement_requests_surety_id_customers_id_fk" FOREIGN KEY ("surety_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_statement_requests" ADD CONSTRAINT "loan_statement_requests_issued_by_staff_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_statement_requests_loan" ON "loan_statement_requests" USING btree ("loan_id","issued_on");--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('loan_statement_requests');--> statement-breakpoint
-- A statement issued is a fact: its row is written once.
CREATE TRIGGER loan_statement_requests_no_update_delete BEFORE UPDATE OR DELETE ON loan_statement_requests
  FOR EACH ROW EXECUTE FUNCTION harbour_ledger_append_only();
