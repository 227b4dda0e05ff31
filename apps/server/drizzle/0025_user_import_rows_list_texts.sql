-- Import-and-share's lists through their own indexes (GET user-import/all): each row carries
-- its conference and the person's sort name and search text, as the contacts read model
-- does, kept current by refreshContactReadModel. The rows there are get them from the people
-- (the search text without the local form of a phone, which the next edit of the person adds).
ALTER TABLE "user_import_rows" ADD COLUMN "conference_id" integer;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD COLUMN "sort_name" text;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD COLUMN "search_text" text;--> statement-breakpoint
UPDATE "user_import_rows" r SET "conference_id" = i."team_id" FROM "user_imports" i WHERE i."id" = r."import_id";--> statement-breakpoint
UPDATE "user_import_rows" r SET "sort_name" = lower(trim(p."first_name" || ' ' || p."last_name")),
  "search_text" = lower(trim(regexp_replace(p."first_name" || ' ' || p."last_name" || ' ' || coalesce(p."email", '') || ' ' || regexp_replace(coalesce(p."phone", ''), '\D', '', 'g'), '\s+', ' ', 'g')))
  FROM "people" p WHERE p."id" = r."person_id";--> statement-breakpoint
ALTER TABLE "user_import_rows" ALTER COLUMN "conference_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_import_rows" ALTER COLUMN "sort_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_import_rows" ALTER COLUMN "search_text" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_conference_id_teams_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_import_rows_processed_name_idx" ON "user_import_rows" USING btree ("conference_id","sort_name","id") WHERE "user_import_rows"."is_processed";--> statement-breakpoint
CREATE INDEX "user_import_rows_search_idx" ON "user_import_rows" USING gin ("search_text" gin_trgm_ops);
