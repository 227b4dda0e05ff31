-- Name searches by word start (docs/decisions.md, "Searching a million contacts"): the name
-- words of every contact and import row, the search text led by them, and the words one a
-- row, which a name search walks in name order.
CREATE TABLE "team_contact_words" (
	"team_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"sort_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_contacts" ADD COLUMN "name_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD COLUMN "name_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- nameWordsOf in SQL, from the name as the sort name keeps it (lowercased by the app); the
-- search text now begins with the name words. One statement a table, as each of its indexes
-- is written once a row.
UPDATE "team_contacts" SET
  "name_words" = trim(regexp_replace(replace("sort_name", '’', ''''), '[[:space:]._+-]+', ' ', 'g')),
  "search_text" = trim(trim(regexp_replace(replace("sort_name", '’', ''''), '[[:space:]._+-]+', ' ', 'g')) || ' ' || "search_text");--> statement-breakpoint
UPDATE "user_import_rows" SET
  "name_words" = trim(regexp_replace(replace("sort_name", '’', ''''), '[[:space:]._+-]+', ' ', 'g')),
  "search_text" = trim(trim(regexp_replace(replace("sort_name", '’', ''''), '[[:space:]._+-]+', ' ', 'g')) || ' ' || "search_text");--> statement-breakpoint
INSERT INTO "team_contact_words" ("team_id", "person_id", "word", "sort_name")
SELECT DISTINCT tc."team_id", tc."person_id", word, tc."sort_name"
FROM "team_contacts" tc, unnest(string_to_array(tc."name_words", ' ')) word
WHERE word <> '';--> statement-breakpoint
CREATE INDEX "team_contact_words_walk_idx" ON "team_contact_words" USING btree ("team_id","word","sort_name","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_contact_words_row_key" ON "team_contact_words" USING btree ("team_id","person_id","word");--> statement-breakpoint
-- The words move with every write to team_contacts: inserted rows' in one statement (a seed
-- of a million rows is one insert here), deleted rows' (a cascade's too) likewise, and a row
-- whose name words or sort name changed on its own; other updates (the interactions'
-- columns, ranks, archiving) do not fire it.
CREATE FUNCTION team_contact_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_contact_words (team_id, person_id, word, sort_name)
  SELECT DISTINCT n.team_id, n.person_id, word, n.sort_name
  FROM new_rows n, unnest(string_to_array(n.name_words, ' ')) word
  WHERE word <> '';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION team_contact_words_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_contact_words w USING old_rows o
  WHERE w.team_id = o.team_id AND w.person_id = o.person_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION team_contact_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM team_contact_words WHERE team_id = OLD.team_id AND person_id = OLD.person_id;
  INSERT INTO team_contact_words (team_id, person_id, word, sort_name)
  SELECT DISTINCT NEW.team_id, NEW.person_id, word, NEW.sort_name
  FROM unnest(string_to_array(NEW.name_words, ' ')) word
  WHERE word <> '';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_contact_words_insert AFTER INSERT ON team_contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_contact_words_insert();
--> statement-breakpoint
CREATE TRIGGER team_contact_words_delete AFTER DELETE ON team_contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_contact_words_delete();
--> statement-breakpoint
CREATE TRIGGER team_contact_words_update AFTER UPDATE OF team_id, person_id, name_words, sort_name ON team_contacts FOR EACH ROW
WHEN (OLD.team_id IS DISTINCT FROM NEW.team_id OR OLD.person_id IS DISTINCT FROM NEW.person_id OR OLD.name_words IS DISTINCT FROM NEW.name_words OR OLD.sort_name IS DISTINCT FROM NEW.sort_name)
EXECUTE FUNCTION team_contact_words_update();
