ALTER TABLE "customers" ADD COLUMN "anonymised_on" date;--> statement-breakpoint
-- Retention (docs/operations.md → Retention and anonymisation): the customers whose personal data
-- the retention job replaced carry the date. The audit log stays append-only with one exception,
-- the redaction of those people's values inside the rows that recorded them: only the
-- SECURITY DEFINER function below may do it, only on `before`, `after` and `reference`, and only
-- while it has set `harbour.audit_redaction` for its own transaction. Everything else (ids, times,
-- staff, actions, the other columns) is compared and must not change; DELETE and TRUNCATE are
-- refused as before.
CREATE INDEX "customers_anonymised_on_idx" ON "customers" USING btree ("anonymised_on");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION harbour_audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('harbour.audit_redaction', true) = 'on'
     AND (to_jsonb(NEW) - ARRAY['before', 'after', 'reference']) = (to_jsonb(OLD) - ARRAY['before', 'after', 'reference']) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- `t` with every one of `vals` (longest first, none shorter than 2 characters) replaced by `mask`.
CREATE OR REPLACE FUNCTION harbour_redact_text(t text, vals text[], mask text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE v text;
BEGIN
  IF t IS NULL THEN RETURN NULL; END IF;
  FOREACH v IN ARRAY vals LOOP
    IF length(v) >= 2 THEN t := replace(t, v, mask); END IF;
  END LOOP;
  RETURN t;
END;
$$;
--> statement-breakpoint
-- The same inside every string of a JSON value (keys, numbers and the shape are kept).
CREATE OR REPLACE FUNCTION harbour_redact_json(j jsonb, vals text[], mask text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE r jsonb;
BEGIN
  CASE jsonb_typeof(j)
    WHEN 'string' THEN RETURN to_jsonb(harbour_redact_text(j #>> '{}', vals, mask));
    WHEN 'object' THEN
      SELECT coalesce(jsonb_object_agg(e.k, harbour_redact_json(e.v, vals, mask)), '{}'::jsonb) INTO r FROM jsonb_each(j) AS e(k, v);
      RETURN r;
    WHEN 'array' THEN
      SELECT coalesce(jsonb_agg(harbour_redact_json(e.v, vals, mask) ORDER BY e.n), '[]'::jsonb) INTO r FROM jsonb_array_elements(j) WITH ORDINALITY AS e(v, n);
      RETURN r;
    ELSE RETURN j;
  END CASE;
END;
$$;
--> statement-breakpoint
-- Redacts `vals` in every audit row that holds one; answers how many rows changed. Runs as the
-- owner (the app role may only read and append to audit_log); EXECUTE is granted to the app role
-- alone (`db/app-role.ts`). The caller writes its own audit row saying whose data it redacted.
CREATE OR REPLACE FUNCTION harbour_redact_audit(vals text[], mask text) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  kept text[];
  n integer;
BEGIN
  SELECT coalesce(array_agg(u.v ORDER BY length(u.v) DESC), '{}') INTO kept FROM unnest(vals) AS u(v) WHERE length(u.v) >= 2;
  IF cardinality(kept) = 0 THEN RETURN 0; END IF;
  IF mask IS NULL OR EXISTS (SELECT 1 FROM unnest(kept) AS u(v) WHERE strpos(mask, u.v) > 0) THEN
    RAISE EXCEPTION 'harbour_redact_audit: the mask may not contain a redacted value';
  END IF;
  PERFORM set_config('harbour.audit_redaction', 'on', true);
  UPDATE audit_log a
     SET before = harbour_redact_json(a.before, kept, mask),
         after = harbour_redact_json(a.after, kept, mask),
         reference = harbour_redact_text(a.reference, kept, mask)
   WHERE EXISTS (SELECT 1 FROM unnest(kept) AS u(v)
                  WHERE strpos(coalesce(a.before::text, ''), u.v) > 0 OR strpos(coalesce(a.after::text, ''), u.v) > 0
                     OR strpos(coalesce(a.reference, ''), u.v) > 0);
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('harbour.audit_redaction', 'off', true);
  RETURN n;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION harbour_redact_audit(text[], text) FROM PUBLIC;
