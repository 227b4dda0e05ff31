CREATE TABLE "lookup_items_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lookup_items_version_one_row" CHECK ("lookup_items_version"."id" = 1)
);
--> statement-breakpoint
-- Every statement that writes lookup_items moves the counter, in its own transaction: a
-- process that reads the counter after the commit knows its titles are old. Statement-level,
-- so the start-up sync's upsert of every item moves it once.
CREATE FUNCTION lookup_items_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lookup_items_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lookup_items_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lookup_items FOR EACH STATEMENT EXECUTE FUNCTION lookup_items_version_bump();
--> statement-breakpoint
INSERT INTO lookup_items_version (id, version) VALUES (1, 0);
