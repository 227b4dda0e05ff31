DROP INDEX "notes_contact_idx";--> statement-breakpoint
CREATE INDEX "notes_contact_idx" ON "notes" USING btree ("contact_id","team_id","is_encrypted","created_at");