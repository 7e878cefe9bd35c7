CREATE TABLE "dashboard_par_snapshots" (
	"store_id" integer NOT NULL,
	"month_end" date NOT NULL,
	"outstanding" numeric(16, 2) NOT NULL,
	"par30" numeric(16, 2) NOT NULL,
	"par60" numeric(16, 2) NOT NULL,
	"par90" numeric(16, 2) NOT NULL,
	"computed_on" date NOT NULL,
	CONSTRAINT "dashboard_par_snapshots_store_id_month_end_pk" PRIMARY KEY("store_id","month_end")
);
--> statement-breakpoint
ALTER TABLE "dashboard_par_snapshots" ADD CONSTRAINT "dashboard_par_snapshots_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written
SELECT harbour_store_owned('dashboard_par_snapshots');
