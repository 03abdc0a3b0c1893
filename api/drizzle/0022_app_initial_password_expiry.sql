ALTER TABLE "patients" ADD COLUMN "initial_password_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "initial_password_expires_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (keep when renumbering): app initial passwords handed out before this migration
-- get the default life (VOT_INITIAL_PASSWORD_DAYS = 7) from now, as a reset would give them.
UPDATE "patients" SET "initial_password_expires_at" = now() + interval '7 days' WHERE "plain_password_enc" IS NOT NULL;--> statement-breakpoint
UPDATE "volunteers" SET "initial_password_expires_at" = now() + interval '7 days' WHERE "plain_password_enc" IS NOT NULL;
