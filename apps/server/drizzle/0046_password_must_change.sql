ALTER TABLE "staff" ADD COLUMN "password_must_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The composition rule "customPassword" gave way to a minimum length (passwordMinLength, OWASP ASVS 5.0).
DELETE FROM "settings" WHERE "key" = 'customPassword';--> statement-breakpoint
DELETE FROM "setting_definitions" WHERE "key" = 'customPassword';
