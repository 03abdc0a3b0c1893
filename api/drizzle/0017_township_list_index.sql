-- The patient lists of a few townships (a Field Officer's scope, a township chosen) answered from the
-- index alone (docs/decisions/0066): patients_township_idx carries
-- each patient's lists and name, so a list's bit and a name search are tested without reading the
-- table (two townships' VOT Eligible list: 35 ms → 1 ms at 500 000 patients). drizzle's index builder
-- has no INCLUDE, so schema.ts declares the keys and this migration the whole index. The old index
-- goes first, within 10 s or not at all (as 0016: dropped after the build, its late lock could
-- deadlock with an older API process's transaction).
SET LOCAL lock_timeout = '10s';--> statement-breakpoint
DROP INDEX "patients_township_idx";--> statement-breakpoint
CREATE INDEX "patients_township_idx" ON "patients" USING btree ("township_id","id") INCLUDE ("lists","name") WHERE "patients"."status" = 1;
