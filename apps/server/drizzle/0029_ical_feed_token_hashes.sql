-- Calendar feed tokens are stored as their SHA-256 only (DESIGN.md §6, issue 33). A url made
-- before this keeps opening: its token is hashed here as hashToken hashes it (SHA-256,
-- base64url without padding). It has no key_nonce, so it cannot be shown again: the owner's
-- next ical-url replaces it with a derived one, and a reset removes it.
ALTER TABLE "ical_feeds" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD COLUMN "key_nonce" text;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "ical_feeds" SET "token_hash" = rtrim(translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
ALTER TABLE "ical_feeds" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
DROP INDEX "ical_feeds_token_key";--> statement-breakpoint
ALTER TABLE "ical_feeds" DROP COLUMN "token";--> statement-breakpoint
CREATE UNIQUE INDEX "ical_feeds_token_hash_key" ON "ical_feeds" USING btree ("token_hash");
