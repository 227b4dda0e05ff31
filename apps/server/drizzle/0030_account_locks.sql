-- Locked accounts (spec 1 §8 is_locked, issue 35): why an account is locked and since when.
-- 'admin' is a site admin's lock (only a site admin lifts it); 'failures' is the lock of
-- sustained failed sign-ins (a password reset lifts it too). is_locked becomes what the reason
-- says, so no write can set one without the other; a lock set before this was an admin's.
ALTER TABLE "accounts" ADD COLUMN "locked_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "accounts" SET "locked_reason" = 'admin', "locked_at" = now() WHERE "is_locked";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "is_locked";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "is_locked" boolean GENERATED ALWAYS AS ("locked_reason" is not null) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_locked_reason" CHECK ("accounts"."locked_reason" in ('admin', 'failures'));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_locked_at" CHECK (("accounts"."locked_reason" is null) = ("accounts"."locked_at" is null));
