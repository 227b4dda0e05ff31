CREATE TABLE "contact_import_contacts" (
	"import_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"row" integer NOT NULL,
	"outcome" text NOT NULL,
	"before" jsonb,
	"linked" boolean DEFAULT false NOT NULL,
	"last_activity_id" integer NOT NULL,
	CONSTRAINT "contact_import_contacts_import_id_person_id_pk" PRIMARY KEY("import_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "contact_import_households" (
	"import_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"household_id" text NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "contact_import_households_import_id_person_id_pk" PRIMARY KEY("import_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "contact_import_relationships" (
	"import_id" integer NOT NULL,
	"relationship_id" integer NOT NULL,
	CONSTRAINT "contact_import_relationships_import_id_relationship_id_pk" PRIMARY KEY("import_id","relationship_id")
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"source_system" text,
	"created_by_id" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undo_until" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_id" integer,
	CONSTRAINT "contact_imports_source_system" CHECK ("contact_imports"."source_system" in ('planning_center', 'breeze', 'rock', 'churchcrm', 'other'))
);
--> statement-breakpoint
CREATE TABLE "contact_sources" (
	"team_id" integer NOT NULL,
	"system" text NOT NULL,
	"source_id" text NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_sources_team_id_system_source_id_pk" PRIMARY KEY("team_id","system","source_id"),
	CONSTRAINT "contact_sources_system" CHECK ("contact_sources"."system" in ('planning_center', 'breeze', 'rock', 'churchcrm', 'other'))
);
--> statement-breakpoint
ALTER TABLE "contact_import_contacts" ADD CONSTRAINT "contact_import_contacts_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_contacts" ADD CONSTRAINT "contact_import_contacts_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_households" ADD CONSTRAINT "contact_import_households_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_households" ADD CONSTRAINT "contact_import_households_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_relationships" ADD CONSTRAINT "contact_import_relationships_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_relationships" ADD CONSTRAINT "contact_import_relationships_relationship_id_contact_relationships_id_fk" FOREIGN KEY ("relationship_id") REFERENCES "public"."contact_relationships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_group_id_teams_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_created_by_id_people_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_undone_by_id_people_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_sources" ADD CONSTRAINT "contact_sources_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_sources" ADD CONSTRAINT "contact_sources_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_import_contacts_person_idx" ON "contact_import_contacts" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "contact_import_households_household_idx" ON "contact_import_households" USING btree ("import_id","household_id");--> statement-breakpoint
CREATE INDEX "contact_import_relationships_relationship_idx" ON "contact_import_relationships" USING btree ("relationship_id");--> statement-breakpoint
CREATE INDEX "contact_imports_group_idx" ON "contact_imports" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_sources_person_idx" ON "contact_sources" USING btree ("person_id");