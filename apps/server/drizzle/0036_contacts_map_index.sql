ALTER TABLE "team_contacts" ADD COLUMN "has_coordinates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- contacts-for-map (issue 39): whether a team's contact has a marker lives beside the team's
-- row, so a page walks the team's contacts with coordinates alone. Triggers keep it, since
-- people's addresses are written by many features, imports and seeds.
UPDATE team_contacts tc SET has_coordinates = true
FROM people p
WHERE p.id = tc.person_id AND p.address_lat IS NOT NULL AND p.address_lng IS NOT NULL;
--> statement-breakpoint
-- A team's row, added or moved to another person, takes the person's coordinates as they are.
CREATE FUNCTION team_contact_coordinates_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.has_coordinates := coalesce(
    (SELECT p.address_lat IS NOT NULL AND p.address_lng IS NOT NULL FROM people p WHERE p.id = NEW.person_id),
    false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_contact_coordinates_read BEFORE INSERT OR UPDATE OF person_id ON team_contacts
FOR EACH ROW EXECUTE FUNCTION team_contact_coordinates_read();
--> statement-breakpoint
-- A person who gains or loses a coordinate: every team's row of them follows.
CREATE FUNCTION team_contact_coordinates_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_contacts SET has_coordinates = (NEW.address_lat IS NOT NULL AND NEW.address_lng IS NOT NULL)
  WHERE person_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_contact_coordinates_follow AFTER UPDATE OF address_lat, address_lng ON people
FOR EACH ROW WHEN ((OLD.address_lat IS NULL) <> (NEW.address_lat IS NULL) OR (OLD.address_lng IS NULL) <> (NEW.address_lng IS NULL))
EXECUTE FUNCTION team_contact_coordinates_follow();
--> statement-breakpoint
CREATE INDEX "team_contacts_map_idx" ON "team_contacts" USING btree ("team_id","person_id") WHERE "team_contacts"."archived_at" is null and "team_contacts"."state" = 'active' and "team_contacts"."has_coordinates";
