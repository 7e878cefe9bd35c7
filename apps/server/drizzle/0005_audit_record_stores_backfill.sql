-- Audit rows written before record_store_ids existed describe staff members too: give them the
-- stores that staff member has now, so a store's log readers see the history of their own staff
-- instead of only all-stores staff seeing it. Only the new column of rows that lack it is filled;
-- nothing a row recorded changes. Which staff member a row describes:
--   staff, adminModify   the reference (a staff id)
--   auth.session         the ended session's owner (after.staffId) when an administrator ended it,
--                        else the staff member who acted (store switch, refresh re-use)
--   auth, auth.refresh   the staff member who signed in or out (staff_id)
-- The super administrator (staff id 1) belongs to no store: those rows stay for all-stores staff,
-- as do rows about records of no store (roles, settings, stores, holidays…) and staff with no store.
-- The append-only trigger is off for this one statement only; the lock ALTER TABLE takes keeps
-- every other writer out until the migration commits.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";
--> statement-breakpoint
WITH "described" AS (
  SELECT "a"."id",
    CASE
      WHEN "a"."module" IN ('staff', 'adminModify') AND "a"."reference" ~ '^[0-9]{1,9}$' THEN "a"."reference"::integer
      WHEN "a"."module" = 'auth.session' AND "a"."after" ->> 'staffId' ~ '^[0-9]{1,9}$' THEN ("a"."after" ->> 'staffId')::integer
      WHEN "a"."module" IN ('auth', 'auth.session', 'auth.refresh') THEN "a"."staff_id"
    END AS "staff_id"
  FROM "audit_log" "a"
  WHERE "a"."record_store_ids" IS NULL
),
"stores_of" AS (
  SELECT "d"."id", array_agg("ss"."store_id" ORDER BY "ss"."store_id") AS "store_ids"
  FROM "described" "d"
  JOIN "staff_stores" "ss" ON "ss"."staff_id" = "d"."staff_id"
  WHERE "d"."staff_id" <> 1
  GROUP BY "d"."id"
)
UPDATE "audit_log" SET "record_store_ids" = "stores_of"."store_ids"
FROM "stores_of"
WHERE "audit_log"."id" = "stores_of"."id";
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";
