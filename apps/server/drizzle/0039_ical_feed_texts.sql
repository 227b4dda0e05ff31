CREATE TABLE "ical_feed_texts" (
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"etag" text NOT NULL,
	"text" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ical_feed_texts_user_id_team_id_pk" PRIMARY KEY("user_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "ical_feed_texts" ADD CONSTRAINT "ical_feed_texts_user_id_team_id_ical_feeds_user_id_team_id_fk" FOREIGN KEY ("user_id","team_id") REFERENCES "public"."ical_feeds"("user_id","team_id") ON DELETE cascade ON UPDATE no action;