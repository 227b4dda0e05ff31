CREATE TABLE "contact_erasures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_erasures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"mode" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by_id" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_id" integer,
	"carried_out_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_erasures" ADD CONSTRAINT "contact_erasures_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_erasures" ADD CONSTRAINT "contact_erasures_requested_by_id_people_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_erasures" ADD CONSTRAINT "contact_erasures_cancelled_by_id_people_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_erasures_team_idx" ON "contact_erasures" USING btree ("team_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_erasures_pending_key" ON "contact_erasures" USING btree ("contact_id") WHERE "contact_erasures"."cancelled_at" is null and "contact_erasures"."carried_out_at" is null;--> statement-breakpoint
CREATE INDEX "contact_erasures_due_idx" ON "contact_erasures" USING btree ("due_at") WHERE "contact_erasures"."cancelled_at" is null and "contact_erasures"."carried_out_at" is null;