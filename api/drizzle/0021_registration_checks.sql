-- Registration's possible duplicates (docs/decisions/0163-possible-duplicates.md): the same name in
-- the township, compared without case, a leading honorific (U, Daw, Ko, Ma, Mg, Maung, Naw, Saw,
-- Nang, Sai, Dr; ဦး, ဒေါ်, ကို, မောင်), spaces or punctuation, so 'Daw Aye Aye Myint' and 'Ma AyeAye
-- Myint' meet; or the same phone, stored normalised. The typed phone is kept to show it again.
-- Immutable (lower, btrim and regexp_replace are), as a generated column needs.
CREATE FUNCTION patient_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    regexp_replace(
      lower(btrim(name)),
      '^(((u|daw|ko|ma|mg|maung|naw|saw|nang|sai|dr)\.?|ကို|မောင်) +|(ဦး|ဒေါ်) *)+',
      ''
    ),
    -- ASCII spaces and punctuation only, named one by one: the same answer in every locale.
    '[ \t\r\n.,''"()/_-]+', '', 'g')
$$;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "patient_phone_no_typed" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "name_key" text GENERATED ALWAYS AS (patient_name_key("name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_name_key_idx" ON "patients" USING btree (coalesce("township_id", "recover_township_id"),"name_key");--> statement-breakpoint
CREATE INDEX "patients_phone_idx" ON "patients" USING btree ("patient_phone_no");