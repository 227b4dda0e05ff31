CREATE TABLE "contact_merge_request_teams" (
	"request_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"approved" boolean,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "contact_merge_request_teams_request_id_team_id_pk" PRIMARY KEY("request_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "contact_merge_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_merge_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"other_contact_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"requested_by_id" integer,
	"from_other" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"merge_id" integer
);
--> statement-breakpoint
ALTER TABLE "contact_merge_request_teams" ADD CONSTRAINT "contact_merge_request_teams_request_id_contact_merge_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."contact_merge_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merge_request_teams" ADD CONSTRAINT "contact_merge_request_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merge_request_teams" ADD CONSTRAINT "contact_merge_request_teams_decided_by_id_people_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merge_requests" ADD CONSTRAINT "contact_merge_requests_contact_id_people_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merge_requests" ADD CONSTRAINT "contact_merge_requests_other_contact_id_people_id_fk" FOREIGN KEY ("other_contact_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merge_requests" ADD CONSTRAINT "contact_merge_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merge_requests" ADD CONSTRAINT "contact_merge_requests_requested_by_id_people_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_merge_requests" ADD CONSTRAINT "contact_merge_requests_merge_id_contact_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."contact_merges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_merge_request_teams_team_idx" ON "contact_merge_request_teams" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_merge_requests_pending_key" ON "contact_merge_requests" USING btree (least("contact_id", "other_contact_id"),greatest("contact_id", "other_contact_id")) WHERE "contact_merge_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "contact_merge_requests_team_idx" ON "contact_merge_requests" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_merge_requests_other_idx" ON "contact_merge_requests" USING btree ("other_contact_id");--> statement-breakpoint
CREATE INDEX "contact_merge_requests_contact_idx" ON "contact_merge_requests" USING btree ("contact_id");