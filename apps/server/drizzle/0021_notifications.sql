CREATE TABLE "missed_interaction_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "missed_interaction_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"after_days" smallint NOT NULL,
	"to" text NOT NULL,
	"to_email" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_receipts" (
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_receipts_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"level" text NOT NULL,
	"team_id" integer,
	"recipient_user_id" integer,
	"associated_person_id" integer,
	"created_by" integer,
	"content" text NOT NULL,
	"link_url" text,
	"link_text" text,
	"importance" text DEFAULT 'normal' NOT NULL,
	"is_scheduled" boolean DEFAULT false NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_global_has_no_team" CHECK ("notifications"."level" <> 'global' OR "notifications"."team_id" IS NULL),
	CONSTRAINT "notifications_conference_has_team" CHECK ("notifications"."level" <> 'conference' OR "notifications"."team_id" IS NOT NULL),
	CONSTRAINT "notifications_team_has_recipient" CHECK ("notifications"."level" <> 'team' OR "notifications"."recipient_user_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "rule_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rule_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule_kind" text NOT NULL,
	"rule_id" integer NOT NULL,
	"subject_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unassigned_contact_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unassigned_contact_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"every_days" smallint NOT NULL,
	"to" text NOT NULL,
	"to_email" text,
	"last_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "missed_interaction_rules" ADD CONSTRAINT "missed_interaction_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missed_interaction_rules" ADD CONSTRAINT "missed_interaction_rules_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receipts" ADD CONSTRAINT "notification_receipts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receipts" ADD CONSTRAINT "notification_receipts_user_id_people_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_user_id_people_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_associated_person_id_people_id_fk" FOREIGN KEY ("associated_person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unassigned_contact_rules" ADD CONSTRAINT "unassigned_contact_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unassigned_contact_rules" ADD CONSTRAINT "unassigned_contact_rules_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "missed_interaction_rules_team_idx" ON "missed_interaction_rules" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "notification_receipts_user_idx" ON "notification_receipts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_level_date_idx" ON "notifications" USING btree ("level","date");--> statement-breakpoint
CREATE INDEX "notifications_team_date_idx" ON "notifications" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "notifications_recipient_date_idx" ON "notifications" USING btree ("recipient_user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "rule_deliveries_key" ON "rule_deliveries" USING btree ("rule_kind","rule_id","subject_key");--> statement-breakpoint
CREATE INDEX "unassigned_contact_rules_team_idx" ON "unassigned_contact_rules" USING btree ("team_id");