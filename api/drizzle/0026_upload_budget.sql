CREATE TABLE "app_upload_days" (
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"day" date NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "app_upload_days_subject_subject_id_day_pk" PRIMARY KEY("subject","subject_id","day")
);
