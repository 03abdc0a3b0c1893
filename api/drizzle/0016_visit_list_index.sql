-- A patient's records in the visit lists' order with the columns they test (docs/decisions/0077).
-- The old index goes first: DROP takes its lock on dots at once, and
-- reads and writes of dots wait for the build (about 5 s at 10 M records). Dropped after the build it
-- could deadlock with an older API process's transaction that read dots and then writes it. Within
-- 10 s or not at all: a start that cannot take the lock fails (start it again) rather than hold every
-- request to dots behind it.
SET LOCAL lock_timeout = '10s';--> statement-breakpoint
DROP INDEX "dots_patient_date_idx";--> statement-breakpoint
CREATE INDEX "dots_patient_list_idx" ON "dots" USING btree ("patient_id","date","id","work","created","work_status");
