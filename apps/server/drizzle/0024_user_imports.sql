CREATE TABLE "user_import_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_import_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"row" integer NOT NULL,
	"is_new" boolean NOT NULL,
	"team_id" integer,
	"is_processed" boolean DEFAULT false NOT NULL,
	"processed_team_id" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"title" text NOT NULL,
	"date" date,
	"content" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_import_id_user_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."user_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_processed_team_id_teams_id_fk" FOREIGN KEY ("processed_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_imports" ADD CONSTRAINT "user_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_imports" ADD CONSTRAINT "user_imports_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_import_rows_import_person_key" ON "user_import_rows" USING btree ("import_id","person_id");--> statement-breakpoint
CREATE INDEX "user_import_rows_import_processed_idx" ON "user_import_rows" USING btree ("import_id","is_processed","row");--> statement-breakpoint
CREATE INDEX "user_import_rows_person_idx" ON "user_import_rows" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "user_import_rows_team_idx" ON "user_import_rows" USING btree ("team_id") WHERE "user_import_rows"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "user_import_rows_processed_team_idx" ON "user_import_rows" USING btree ("processed_team_id") WHERE "user_import_rows"."processed_team_id" is not null;--> statement-breakpoint
CREATE INDEX "user_imports_team_created_idx" ON "user_imports" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_imports_team_title_idx" ON "user_imports" USING btree ("team_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "user_imports_team_date_idx" ON "user_imports" USING btree ("team_id","date","id");