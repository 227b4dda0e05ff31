CREATE TABLE "interaction_people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interaction_people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"interaction_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"conference_id" integer,
	"author_id" integer,
	"by_person_id" integer,
	"type" text NOT NULL,
	"type_other" text,
	"date" date NOT NULL,
	"time" text,
	"occurs_at" timestamp with time zone NOT NULL,
	"content" text,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"grow_phase" text,
	"source" text,
	"bible_study" text,
	"bible_study_other" text,
	"reaction" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interaction_people" ADD CONSTRAINT "interaction_people_interaction_id_interactions_id_fk" FOREIGN KEY ("interaction_id") REFERENCES "public"."interactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interaction_people" ADD CONSTRAINT "interaction_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_contact_id_people_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_conference_id_teams_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_author_id_people_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_by_person_id_people_id_fk" FOREIGN KEY ("by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interaction_people_interaction_person_key" ON "interaction_people" USING btree ("interaction_id","person_id");--> statement-breakpoint
CREATE INDEX "interaction_people_person_idx" ON "interaction_people" USING btree ("person_id","interaction_id");--> statement-breakpoint
CREATE INDEX "interactions_contact_idx" ON "interactions" USING btree ("contact_id","occurs_at");--> statement-breakpoint
CREATE INDEX "interactions_team_idx" ON "interactions" USING btree ("team_id","occurs_at");--> statement-breakpoint
CREATE INDEX "interactions_conference_idx" ON "interactions" USING btree ("conference_id") WHERE "interactions"."conference_id" is not null;--> statement-breakpoint
CREATE INDEX "interactions_by_person_idx" ON "interactions" USING btree ("by_person_id","occurs_at");--> statement-breakpoint
CREATE INDEX "team_contacts_overdue_due_idx" ON "team_contacts" USING btree ("next_interaction_at") WHERE "team_contacts"."next_interaction_at" is not null and not "team_contacts"."has_overdue_interaction";