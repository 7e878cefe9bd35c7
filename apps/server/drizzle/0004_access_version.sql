CREATE TABLE "harbour_versions" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "harbour_versions" ("name", "version") VALUES ('access', 1);
--> statement-breakpoint
-- Any change to who may do what, or where, moves the counter; each instance drops what it cached
-- for an older counter (apps/server/src/platform/access-cache.ts).
CREATE OR REPLACE FUNCTION harbour_bump_access_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE harbour_versions SET version = version + 1 WHERE name = 'access';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['roles', 'role_permissions', 'permissions', 'staff_roles', 'staff_stores', 'stores'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION harbour_bump_access_version()', t || '_access_version', t);
  END LOOP;
END
$$;
