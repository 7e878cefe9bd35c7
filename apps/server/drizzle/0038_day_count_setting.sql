-- The day-count convention (`dayCount`: actual/365, actual/360, 30/360) replaces the days-of-year
-- setting (`daysOfYear`: 365 or 360). A saved 360 becomes actual/360, a saved 365 actual/365 — the
-- same days over the same year as before; an installation that never saved it reads the default
-- (actual/365). The develop list's presentation row, if any, moves to the new key.
INSERT INTO "settings" ("key", "value", "created_at", "updated_at", "created_by", "updated_by")
SELECT 'dayCount',
       CASE WHEN "value" = '360'::jsonb OR "value" = '"360"'::jsonb THEN '"actual/360"'::jsonb ELSE '"actual/365"'::jsonb END,
       "created_at", now(), "created_by", "updated_by"
FROM "settings" WHERE "key" = 'daysOfYear'
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'daysOfYear';
--> statement-breakpoint
INSERT INTO "setting_definitions" ("key", "group", "sort", "listed", "editable", "created_at", "updated_at", "created_by", "updated_by")
SELECT 'dayCount', "group", "sort", "listed", "editable", "created_at", now(), "created_by", "updated_by"
FROM "setting_definitions" WHERE "key" = 'daysOfYear'
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "setting_definitions" WHERE "key" = 'daysOfYear';
