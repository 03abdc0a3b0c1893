CREATE TABLE "app_upload_charges" (
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"day" date NOT NULL,
	"upload" text NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "app_upload_charges_subject_subject_id_day_upload_pk" PRIMARY KEY("subject","subject_id","day","upload")
);
