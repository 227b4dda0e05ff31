CREATE TABLE "contact_duplicate_dismissals" (
	"contact_id" integer NOT NULL,
	"other_contact_id" integer NOT NULL,
	"team_id" integer,
	"dismissed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_duplicate_dismissals_contact_id_other_contact_id_pk" PRIMARY KEY("contact_id","other_contact_id"),
	CONSTRAINT "contact_duplicate_dismissals_order" CHECK ("contact_duplicate_dismissals"."contact_id" < "contact_duplicate_dismissals"."other_contact_id")
);
--> statement-breakpoint
ALTER TABLE "contact_duplicate_dismissals" ADD CONSTRAINT "contact_duplicate_dismissals_contact_id_people_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_duplicate_dismissals" ADD CONSTRAINT "contact_duplicate_dismissals_other_contact_id_people_id_fk" FOREIGN KEY ("other_contact_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_duplicate_dismissals" ADD CONSTRAINT "contact_duplicate_dismissals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_duplicate_dismissals" ADD CONSTRAINT "contact_duplicate_dismissals_dismissed_by_id_people_id_fk" FOREIGN KEY ("dismissed_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_duplicate_dismissals_other_idx" ON "contact_duplicate_dismissals" USING btree ("other_contact_id");