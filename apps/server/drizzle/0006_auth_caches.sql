-- The idle timeout, the address allowlist and its switch are cached per process with roles and
-- grants (apps/server/src/platform/access-cache.ts), so a change of them moves the same counter:
-- the authentication query then needs no settings or allowlist lookups of its own.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['settings', 'access_ips'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION harbour_bump_access_version()', t || '_access_version', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Sessions are cached per process as well (apps/server/src/platform/session-cache.ts). Every
-- change a cached session depends on notifies channel `harbour_auth` in its transaction; each
-- instance listens and empties its cache, so a logout, a forced logout, a forbidden staff member,
-- a new password or a change of access applies on every instance (also after an edit in psql).
-- A session's last-seen time is written every minute and is not such a change.
CREATE OR REPLACE FUNCTION harbour_notify_auth() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('harbour_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER harbour_versions_notify_auth AFTER UPDATE OR DELETE OR TRUNCATE ON harbour_versions
  FOR EACH STATEMENT EXECUTE FUNCTION harbour_notify_auth();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.access_hash IS DISTINCT FROM NEW.access_hash
    OR OLD.store_id IS DISTINCT FROM NEW.store_id
    OR OLD.staff_id IS DISTINCT FROM NEW.staff_id
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.access_expires_at IS DISTINCT FROM NEW.access_expires_at)
  EXECUTE FUNCTION harbour_notify_auth();
--> statement-breakpoint
CREATE TRIGGER sessions_delete_notify_auth AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION harbour_notify_auth();
--> statement-breakpoint
CREATE TRIGGER sessions_truncate_notify_auth AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION harbour_notify_auth();
--> statement-breakpoint
CREATE TRIGGER staff_notify_auth AFTER UPDATE ON staff FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state
    OR OLD.password_changed_at IS DISTINCT FROM NEW.password_changed_at
    OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.avatar IS DISTINCT FROM NEW.avatar
    OR OLD.introduction IS DISTINCT FROM NEW.introduction
    OR OLD.default_language IS DISTINCT FROM NEW.default_language)
  EXECUTE FUNCTION harbour_notify_auth();
--> statement-breakpoint
CREATE TRIGGER staff_delete_notify_auth AFTER DELETE ON staff FOR EACH ROW EXECUTE FUNCTION harbour_notify_auth();
--> statement-breakpoint
CREATE TRIGGER staff_truncate_notify_auth AFTER TRUNCATE ON staff FOR EACH STATEMENT EXECUTE FUNCTION harbour_notify_auth();
