CREATE TABLE "church_roster_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "church_roster_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conference_id" integer NOT NULL,
	"church_acms_id" text NOT NULL,
	"member_id" text,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "church_roster_members" ADD CONSTRAINT "church_roster_members_conference_id_teams_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "church_roster_members_key" ON "church_roster_members" USING btree ("conference_id","church_acms_id","email");--> statement-breakpoint
CREATE INDEX "church_roster_members_email_idx" ON "church_roster_members" USING btree ("email");