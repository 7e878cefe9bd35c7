-- The prescribed summary's versions are append-only at the database level: a new version
-- supersedes an old one by its effective date; none is ever edited or deleted (whoever connects).
-- The app role may only read and insert them (APPEND_ONLY_TABLES in src/db/app-role.ts).
CREATE OR REPLACE FUNCTION harbour_prescribed_summaries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'prescribed_summaries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER prescribed_summaries_no_update_delete
  BEFORE UPDATE OR DELETE ON prescribed_summaries
  FOR EACH ROW EXECUTE FUNCTION harbour_prescribed_summaries_append_only();
--> statement-breakpoint
CREATE TRIGGER prescribed_summaries_no_truncate
  BEFORE TRUNCATE ON prescribed_summaries
  FOR EACH STATEMENT EXECUTE FUNCTION harbour_prescribed_summaries_append_only();
