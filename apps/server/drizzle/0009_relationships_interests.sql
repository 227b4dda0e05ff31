CREATE TABLE "contact_relationships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_relationships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"relationship_type" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_relationships_not_self" CHECK ("contact_relationships"."contact_id" <> "contact_relationships"."related_id")
);
--> statement-breakpoint
CREATE TABLE "dismissed_inferred_relationships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dismissed_inferred_relationships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"dismissed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_interests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_interests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"interest" text NOT NULL,
	"interest_other" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_relationships" ADD CONSTRAINT "contact_relationships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relationships" ADD CONSTRAINT "contact_relationships_contact_id_people_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relationships" ADD CONSTRAINT "contact_relationships_related_id_people_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_relationships" ADD CONSTRAINT "contact_relationships_created_by_id_people_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissed_inferred_relationships" ADD CONSTRAINT "dismissed_inferred_relationships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissed_inferred_relationships" ADD CONSTRAINT "dismissed_inferred_relationships_contact_id_people_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissed_inferred_relationships" ADD CONSTRAINT "dismissed_inferred_relationships_related_id_people_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissed_inferred_relationships" ADD CONSTRAINT "dismissed_inferred_relationships_dismissed_by_id_people_id_fk" FOREIGN KEY ("dismissed_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_interests" ADD CONSTRAINT "contact_interests_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_interests" ADD CONSTRAINT "contact_interests_created_by_id_people_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_relationships_pair_key" ON "contact_relationships" USING btree ("team_id",least("contact_id", "related_id"),greatest("contact_id", "related_id"));--> statement-breakpoint
CREATE INDEX "contact_relationships_contact_idx" ON "contact_relationships" USING btree ("team_id","contact_id");--> statement-breakpoint
CREATE INDEX "contact_relationships_related_idx" ON "contact_relationships" USING btree ("team_id","related_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dismissed_inferred_relationships_key" ON "dismissed_inferred_relationships" USING btree ("team_id","contact_id","related_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_interests_person_interest_key" ON "contact_interests" USING btree ("person_id","interest","interest_other");