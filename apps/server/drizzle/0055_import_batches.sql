CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"file_key" varchar(96),
	"cut_over_date" varchar(10),
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_validated" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"problem_count" integer DEFAULT 0 NOT NULL,
	"started_by" integer,
	"committed_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"batch_id" integer NOT NULL,
	"sheet" varchar(32) NOT NULL,
	"row" integer NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_started_by_staff_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_entity" ON "import_rows" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "import_rows_batch" ON "import_rows" USING btree ("batch_id","sheet","row");--> statement-breakpoint
-- hand-written
-- A batch belongs to the store whose book it brought in: row-level security as every store-owned table.
SELECT harbour_store_owned('import_batches');
