CREATE TABLE "contact_import_mappings" (
	"team_id" integer NOT NULL,
	"system" text NOT NULL,
	"columns" jsonb NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_import_mappings_team_id_system_pk" PRIMARY KEY("team_id","system"),
	CONSTRAINT "contact_import_mappings_system" CHECK ("contact_import_mappings"."system" in ('planning_center', 'breeze', 'rock', 'churchcrm', 'other'))
);
--> statement-breakpoint
ALTER TABLE "contact_import_mappings" ADD CONSTRAINT "contact_import_mappings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_mappings" ADD CONSTRAINT "contact_import_mappings_updated_by_id_people_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;