-- The name search by word beginnings (docs/decisions/0065): every beginning of
-- every whitespace-separated word of the lower-cased name, for patients.name_prefixes and its GIN
-- index. Immutable (lower, regexp_split_to_array and substr are), as a generated column needs.
CREATE FUNCTION patient_name_prefixes(name text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(w, 1, n)), '{}')
  FROM unnest(regexp_split_to_array(lower(btrim(name)), '\s+')) AS w, generate_series(1, char_length(w)) AS n
  WHERE w <> ''
$$;--> statement-breakpoint
DROP INDEX "patients_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "name_prefixes" text[] GENERATED ALWAYS AS (patient_name_prefixes("name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_name_prefixes_idx" ON "patients" USING gin ("name_prefixes");