CREATE TABLE "patient_list_counts" (
	"township_id" integer NOT NULL,
	"status" integer NOT NULL,
	"lists" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "patient_list_counts_township_id_status_lists_pk" PRIMARY KEY("township_id","status","lists")
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "lists" integer GENERATED ALWAYS AS ((case when "SP_code" is not null then 1 else 2 end)
          | (case when "VOT_eligible" = 'No' or "VOT_accept" = 'No' then 4 else 0 end)
          | (case when "VOT_eligible" is not null then 8 else 0 end)
          | (case when "VOT_eligible" = 'Yes' then 16 else 0 end)
          | (case when "VOT_accept" = 'Yes' then 32 else 0 end)
          | (case when "VOT_accept" = 'No' then 64 else 0 end)) STORED NOT NULL;--> statement-breakpoint
-- patient_list_counts follows patients: one statement trigger per kind of change adds what the
-- statement's rows brought and takes away what they left (keyed by township — the recover township
-- in the trash —, status and lists), in one sorted upsert, so concurrent changes lock in the same order.
-- An update that changes none of the three writes nothing.
CREATE FUNCTION patient_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO patient_list_counts AS c (township_id, status, lists, n)
      SELECT coalesce(township_id, recover_township_id, 0), status, lists, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (township_id, status, lists) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO patient_list_counts AS c (township_id, status, lists, n)
      SELECT coalesce(township_id, recover_township_id, 0), status, lists, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (township_id, status, lists) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO patient_list_counts AS c (township_id, status, lists, n)
      SELECT township, status, lists, sum(d) FROM (
        SELECT coalesce(township_id, recover_township_id, 0) AS township, status, lists, -1 AS d FROM old_rows
        UNION ALL
        SELECT coalesce(township_id, recover_township_id, 0), status, lists, 1 FROM new_rows
      ) changed GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (township_id, status, lists) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION patient_list_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_list_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patients_list_counts_insert AFTER INSERT ON patients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_counts_apply();
--> statement-breakpoint
CREATE TRIGGER patients_list_counts_update AFTER UPDATE ON patients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_counts_apply();
--> statement-breakpoint
CREATE TRIGGER patients_list_counts_delete AFTER DELETE ON patients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_list_counts_apply();
--> statement-breakpoint
CREATE TRIGGER patients_list_counts_truncate AFTER TRUNCATE ON patients FOR EACH STATEMENT EXECUTE FUNCTION patient_list_counts_clear();
--> statement-breakpoint
INSERT INTO patient_list_counts (township_id, status, lists, n)
  SELECT coalesce(township_id, recover_township_id, 0), status, lists, count(*) FROM patients GROUP BY 1, 2, 3;
