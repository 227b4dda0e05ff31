CREATE TABLE "team_contact_counts" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The counts move with every write to team_contacts, one upsert per statement (a set-based
-- seed of a million rows writes one row here, not a million). Rows are counted by their
-- old and new states; an update that changes neither writes nothing (no lock on the row).
CREATE FUNCTION team_contact_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO team_contact_counts AS c (team_id, active, archived)
    SELECT team_id, count(*) FILTER (WHERE archived_at IS NULL), count(*) FILTER (WHERE archived_at IS NOT NULL)
    FROM new_rows WHERE state = 'active' GROUP BY team_id ORDER BY team_id
    ON CONFLICT (team_id) DO UPDATE SET active = c.active + excluded.active, archived = c.archived + excluded.archived;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO team_contact_counts AS c (team_id, active, archived)
    SELECT team_id, -count(*) FILTER (WHERE archived_at IS NULL), -count(*) FILTER (WHERE archived_at IS NOT NULL)
    FROM old_rows WHERE state = 'active' GROUP BY team_id ORDER BY team_id
    ON CONFLICT (team_id) DO UPDATE SET active = c.active + excluded.active, archived = c.archived + excluded.archived;
  ELSE
    INSERT INTO team_contact_counts AS c (team_id, active, archived)
    SELECT team_id, sum(active), sum(archived) FROM (
      SELECT team_id, CASE WHEN archived_at IS NULL THEN 1 ELSE 0 END AS active, CASE WHEN archived_at IS NULL THEN 0 ELSE 1 END AS archived
      FROM new_rows WHERE state = 'active'
      UNION ALL
      SELECT team_id, CASE WHEN archived_at IS NULL THEN -1 ELSE 0 END, CASE WHEN archived_at IS NULL THEN 0 ELSE -1 END
      FROM old_rows WHERE state = 'active'
    ) moves GROUP BY team_id HAVING sum(active) <> 0 OR sum(archived) <> 0 ORDER BY team_id
    ON CONFLICT (team_id) DO UPDATE SET active = c.active + excluded.active, archived = c.archived + excluded.archived;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_contact_counts_insert AFTER INSERT ON team_contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_contact_counts_apply();
--> statement-breakpoint
CREATE TRIGGER team_contact_counts_update AFTER UPDATE ON team_contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_contact_counts_apply();
--> statement-breakpoint
CREATE TRIGGER team_contact_counts_delete AFTER DELETE ON team_contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_contact_counts_apply();
--> statement-breakpoint
-- The counts of the rows already there.
INSERT INTO team_contact_counts (team_id, active, archived)
SELECT team_id, count(*) FILTER (WHERE archived_at IS NULL), count(*) FILTER (WHERE archived_at IS NOT NULL)
FROM team_contacts WHERE state = 'active' GROUP BY team_id;
