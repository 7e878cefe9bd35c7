-- One staff administration: the Admin, Power and Role menu groups and master data's staff levels
-- move into the "Staff & roles" group (key `staff`), and the audit log joins the system logs. The
-- start-up catalogue sync moves the catalogue's own rows likewise; this moves an installation's
-- rows before it, custom permissions added in the permission editor included, whose group would
-- otherwise name a group the menu no longer has.
UPDATE "permissions" SET "group" = 'system', "sort" = 311, "updated_at" = now() WHERE "key" = 'admin.log';
--> statement-breakpoint
UPDATE "permissions" SET "group" = 'staff', "updated_at" = now() WHERE "group" IN ('admin', 'power', 'role');
--> statement-breakpoint
UPDATE "permissions" SET "group" = 'staff', "updated_at" = now() WHERE "key" LIKE 'masterdata.staffLevel.%';
--> statement-breakpoint
-- The read-only staff summaries (`staff.list`, `masterdata.staffInfo`) leave the menu; their
-- addresses open the one staff list. Roles that granted a summary get that list's read key, so
-- their staff still see the staff (creating, editing and forbidding keep their own keys).
UPDATE "permissions" SET "menu_hidden" = true, "updated_at" = now() WHERE "key" IN ('staff.list', 'masterdata.staffInfo');
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_key")
SELECT DISTINCT "role_id", 'admin.list' FROM "role_permissions" WHERE "permission_key" IN ('staff.list', 'masterdata.staffInfo')
ON CONFLICT DO NOTHING;
