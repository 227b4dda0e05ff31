CREATE TABLE "event_attendance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"person_id" integer,
	"is_visitor" boolean DEFAULT false NOT NULL,
	"visitor_name" text,
	"visitor_phone" text,
	"visitor_email" text,
	"visitor_is_new" boolean DEFAULT false NOT NULL,
	"visitor_create_contact" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_occurrences" (
	"event_id" integer NOT NULL,
	"original_date" date NOT NULL,
	"event_date" date NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"notes" text,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_occurrences_event_id_original_date_pk" PRIMARY KEY("event_id","original_date")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"created_by_id" integer,
	"title" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"type" text,
	"type_other" text,
	"no_address" boolean DEFAULT false NOT NULL,
	"address_place_id" text,
	"address_formatted" text,
	"address_street" text,
	"address_city" text,
	"address_state" text,
	"address_postcode" text,
	"address_country" text,
	"address_lat" double precision,
	"address_lng" double precision,
	"address_manual_input" boolean DEFAULT false NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"rrule" text,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"is_multi_day" boolean DEFAULT false NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"span_days" smallint DEFAULT 1 NOT NULL,
	"start_hour" text,
	"end_hour" text,
	"auc_disciple_phase" text,
	"grow_phase" text,
	"last_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ical_feeds" (
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ical_feeds_user_id_team_id_pk" PRIMARY KEY("user_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendance" ADD CONSTRAINT "event_attendance_created_by_id_people_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD CONSTRAINT "event_occurrences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD CONSTRAINT "event_occurrences_updated_by_id_people_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_id_people_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD CONSTRAINT "ical_feeds_user_id_people_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD CONSTRAINT "ical_feeds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_attendance_person_key" ON "event_attendance" USING btree ("event_id","event_date","person_id");--> statement-breakpoint
CREATE INDEX "event_attendance_date_idx" ON "event_attendance" USING btree ("event_id","event_date");--> statement-breakpoint
CREATE INDEX "event_attendance_person_idx" ON "event_attendance" USING btree ("person_id","event_date" DESC NULLS LAST) WHERE "event_attendance"."person_id" is not null;--> statement-breakpoint
CREATE INDEX "event_occurrences_event_date_idx" ON "event_occurrences" USING btree ("event_id","event_date");--> statement-breakpoint
CREATE INDEX "events_team_created_idx" ON "events" USING btree ("team_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_team_last_date_idx" ON "events" USING btree ("team_id","last_date");--> statement-breakpoint
CREATE INDEX "events_team_start_idx" ON "events" USING btree ("team_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ical_feeds_token_key" ON "ical_feeds" USING btree ("token");