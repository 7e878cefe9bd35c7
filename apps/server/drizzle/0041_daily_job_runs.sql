CREATE TABLE "daily_job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"source" varchar(16) NOT NULL,
	"started_by" integer,
	"forced" boolean DEFAULT false NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "daily_job_runs" ADD CONSTRAINT "daily_job_runs_started_by_staff_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_job_runs_one_per_date" ON "daily_job_runs" USING btree ("business_date") WHERE not "daily_job_runs"."forced";--> statement-breakpoint
CREATE INDEX "daily_job_runs_date_idx" ON "daily_job_runs" USING btree ("business_date");