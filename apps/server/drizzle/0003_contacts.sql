CREATE TABLE "assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"to_person_id" integer NOT NULL,
	"by_person_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"added_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"requested_by_id" integer,
	"added_by_id" integer,
	"archived_at" timestamp with time zone,
	"access_from" timestamp with time zone DEFAULT now() NOT NULL,
	"access_to" timestamp with time zone,
	"sort_name" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"member_status" text,
	"grow_phase" text,
	"source" text,
	"gender" text,
	"birth_month" integer,
	"last_interaction_at" timestamp with time zone,
	"last_visit_at" timestamp with time zone,
	"next_interaction_at" timestamp with time zone,
	"has_overdue_interaction" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "address_manual_input" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "religion" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "religion_other" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "marital_status" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "member_status" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "source_other" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "grow_phase" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "social" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "is_visitor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "expect_follow_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "expect_follow_up_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "expect_bible_study" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "expect_bible_study_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "expect_baptism" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "expect_baptism_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "parent_carer_first_name" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "parent_carer_last_name" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "parent_carer_relationship" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "parent_carer_email" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "parent_carer_phone" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_type" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_date" date;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_content" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_photo_file_id" integer;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_declined" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "parental_consent_declined" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_url_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_url_sent_to" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_url_viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "consent_url_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "created_by_id" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_contact_id_people_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_to_person_id_people_id_fk" FOREIGN KEY ("to_person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_by_person_id_people_id_fk" FOREIGN KEY ("by_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD CONSTRAINT "group_contacts_group_id_teams_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD CONSTRAINT "group_contacts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD CONSTRAINT "group_contacts_added_by_id_people_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_contacts" ADD CONSTRAINT "team_contacts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_contacts" ADD CONSTRAINT "team_contacts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_contacts" ADD CONSTRAINT "team_contacts_requested_by_id_people_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_contacts" ADD CONSTRAINT "team_contacts_added_by_id_people_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_team_contact_to_key" ON "assignments" USING btree ("team_id","contact_id","to_person_id");--> statement-breakpoint
CREATE INDEX "assignments_team_to_idx" ON "assignments" USING btree ("team_id","to_person_id");--> statement-breakpoint
CREATE INDEX "assignments_contact_idx" ON "assignments" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_contacts_group_person_key" ON "group_contacts" USING btree ("group_id","person_id");--> statement-breakpoint
CREATE INDEX "group_contacts_person_idx" ON "group_contacts" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_contacts_team_person_key" ON "team_contacts" USING btree ("team_id","person_id");--> statement-breakpoint
CREATE INDEX "team_contacts_person_idx" ON "team_contacts" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "team_contacts_list_name_idx" ON "team_contacts" USING btree ("team_id","sort_name","person_id") WHERE "team_contacts"."archived_at" is null and "team_contacts"."state" = 'active';--> statement-breakpoint
CREATE INDEX "team_contacts_list_created_idx" ON "team_contacts" USING btree ("team_id","created_at","person_id") WHERE "team_contacts"."archived_at" is null and "team_contacts"."state" = 'active';--> statement-breakpoint
CREATE INDEX "team_contacts_archived_idx" ON "team_contacts" USING btree ("team_id","archived_at","person_id") WHERE "team_contacts"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "team_contacts_search_idx" ON "team_contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "people_name_idx" ON "people" USING btree (lower("first_name"),lower("last_name"),"gender");