CREATE TABLE "loan_due_summaries" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"loan_status" varchar(16) NOT NULL,
	"as_of" date NOT NULL,
	"next_tenor" smallint,
	"next_due_date" date,
	"next_amount" numeric(16, 2) NOT NULL,
	"remaining_tenors" smallint NOT NULL,
	"overdue_tenors" smallint NOT NULL,
	"overdue_amount" numeric(16, 2) NOT NULL,
	"overdue_interest" numeric(16, 2) NOT NULL,
	"handling_fee" numeric(16, 2) NOT NULL,
	"days_overdue" integer NOT NULL,
	"oldest_overdue_date" date,
	"unpaid_principal" numeric(16, 2) NOT NULL,
	"temp_amount" numeric(16, 2) NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_due_summaries" ADD CONSTRAINT "loan_due_summaries_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_due_summaries" ADD CONSTRAINT "loan_due_summaries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_due_summaries_due" ON "loan_due_summaries" USING btree ("store_id","next_due_date");--> statement-breakpoint
CREATE INDEX "loan_due_summaries_overdue" ON "loan_due_summaries" USING btree ("store_id","days_overdue");--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('loan_due_summaries');
