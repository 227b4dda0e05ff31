-- Churches that came to share an ACMS id before add and edit refused it (issue 35 item 13): the
-- first church with the id keeps it; the later ones lose it, and their next edit asks for their own.
UPDATE "teams" AS "later" SET "acms_id" = NULL
WHERE "later"."kind" = 'team' AND "later"."acms_id" IS NOT NULL AND trim("later"."acms_id") <> ''
  AND EXISTS (
    SELECT 1 FROM "teams" AS "first"
    WHERE "first"."kind" = 'team' AND "first"."parent_id" = "later"."parent_id" AND "first"."id" < "later"."id"
      AND lower(trim("first"."acms_id")) = lower(trim("later"."acms_id"))
  );--> statement-breakpoint
CREATE UNIQUE INDEX "teams_sub_team_acms_id_key" ON "teams" USING btree ("parent_id",lower(trim("acms_id"))) WHERE "teams"."kind" = 'team' AND "teams"."acms_id" IS NOT NULL AND trim("teams"."acms_id") <> '';