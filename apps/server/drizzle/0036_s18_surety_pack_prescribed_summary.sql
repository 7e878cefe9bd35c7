CREATE TABLE "prescribed_summaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"effective_from" date NOT NULL,
	"text_en" text NOT NULL,
	"text_zh" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "prescribed_summaries_version_unique" UNIQUE("version"),
	CONSTRAINT "prescribed_summaries_texts" CHECK (length(btrim("prescribed_summaries"."text_en")) > 0 and length(btrim("prescribed_summaries"."text_zh")) > 0)
);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "surety_pack_given_on" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "surety_pack_given_by" integer;--> statement-breakpoint
CREATE INDEX "prescribed_summaries_effective" ON "prescribed_summaries" USING btree ("effective_from","version");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_surety_pack_given_by_staff_id_fk" FOREIGN KEY ("surety_pack_given_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;