DROP INDEX "dots_awaiting_review_idx";--> statement-breakpoint
DROP INDEX "dots_awaiting_review_entry_idx";--> statement-breakpoint
CREATE INDEX "dots_volunteer_review_idx" ON "dots" USING btree ("patient_id","date") WHERE "dots"."work" = 2;--> statement-breakpoint
CREATE INDEX "dots_awaiting_review_idx" ON "dots" USING btree ("date","id","patient_id","created_at","change_volunteer_id") WHERE "dots"."work" = 3 and "dots"."video" is not null and "dots"."review_dose_taken" is null;--> statement-breakpoint
CREATE INDEX "dots_awaiting_review_entry_idx" ON "dots" USING btree ("change_volunteer_id","date","id","patient_id","created_at") WHERE "dots"."work" = 3 and "dots"."video" is not null and "dots"."review_dose_taken" is null;