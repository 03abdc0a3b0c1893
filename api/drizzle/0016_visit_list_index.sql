CREATE INDEX "dots_patient_list_idx" ON "dots" USING btree ("patient_id","date","id","work","created","work_status");--> statement-breakpoint
DROP INDEX "dots_patient_date_idx";
