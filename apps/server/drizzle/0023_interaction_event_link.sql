ALTER TABLE "interactions" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "interactions" ADD COLUMN "contact_event_id" integer;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_contact_event_id_contact_events_id_fk" FOREIGN KEY ("contact_event_id") REFERENCES "public"."contact_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interactions_event_idx" ON "interactions" USING btree ("event_id") WHERE "interactions"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "interactions_contact_event_idx" ON "interactions" USING btree ("contact_event_id") WHERE "interactions"."contact_event_id" is not null;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_one_event_link" CHECK ("interactions"."event_id" is null or "interactions"."contact_event_id" is null);