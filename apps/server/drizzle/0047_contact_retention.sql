ALTER TABLE "team_contacts" ADD COLUMN "retention_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_contacts" ADD COLUMN "retention_kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_erasures" ADD COLUMN "retention_months" smallint;--> statement-breakpoint
CREATE INDEX "team_contacts_retention_notice_idx" ON "team_contacts" USING btree ("team_id","retention_notice_at","person_id") WHERE "team_contacts"."retention_notice_at" is not null;