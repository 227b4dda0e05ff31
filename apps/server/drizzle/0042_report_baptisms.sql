CREATE TABLE "report_baptisms" (
	"team_id" integer NOT NULL,
	"year" integer NOT NULL,
	"type" text NOT NULL,
	"member_status" text DEFAULT '' NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_baptisms_team_id_year_type_member_status_pk" PRIMARY KEY("team_id","year","type","member_status")
);
--> statement-breakpoint
-- The Baptism decisions widget's entries as running totals (issue 39): the 'all' period of a
-- conference looked up the contact of each of its 33,000 entries (160 ms). An entry of the two
-- types the widget shows (report-contacts.ts baptismSeries) counts while its contact is active
-- and not archived in the team, in the year of its date, under the contact's member status there.
-- As for report_follow_ups (0037), under the same lock of the team's report totals (class 7304, in
-- team order, so that the two kinds of totals never wait for each other the other way round):
-- each trigger locks the teams it moves before it reads the other table, so an entry written
-- while its contact is archived is counted by exactly one of the two; deletions count their teams again, since deleting a person
-- or a team removes its contacts and its entries before either statement trigger runs.
CREATE FUNCTION report_baptisms_recount(team_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_baptisms WHERE team_id = ANY(team_ids);
  INSERT INTO report_baptisms (team_id, year, type, member_status, entries)
  SELECT e.team_id, extract(year FROM e.date)::int, e.type, coalesce(tc.member_status, ''), count(*)
  FROM contact_events e
  JOIN team_contacts tc ON tc.team_id = e.team_id AND tc.person_id = e.contact_id AND tc.state = 'active' AND tc.archived_at IS NULL
  WHERE e.team_id = ANY(team_ids) AND e.type IN ('decision-for-baptism', 'baptism')
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- Entries recorded, changed (date, type) or deleted.
CREATE FUNCTION report_baptisms_from_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT team_id FROM new_rows WHERE type IN ('decision-for-baptism', 'baptism'));
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT team_id FROM old_rows WHERE type IN ('decision-for-baptism', 'baptism'));
  ELSE
    touched := array(SELECT team_id FROM new_rows WHERE type IN ('decision-for-baptism', 'baptism')
                     UNION SELECT team_id FROM old_rows WHERE type IN ('decision-for-baptism', 'baptism'));
  END IF;
  IF cardinality(touched) = 0 THEN RETURN NULL; END IF;
  PERFORM report_follow_ups_lock(touched);
  IF TG_OP = 'DELETE' THEN
    PERFORM report_baptisms_recount(touched);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO report_baptisms AS r (team_id, year, type, member_status, entries)
    SELECT e.team_id, extract(year FROM e.date)::int, e.type, coalesce(tc.member_status, ''), count(*)
    FROM new_rows e
    JOIN team_contacts tc ON tc.team_id = e.team_id AND tc.person_id = e.contact_id AND tc.state = 'active' AND tc.archived_at IS NULL
    WHERE e.type IN ('decision-for-baptism', 'baptism')
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, year, type, member_status) DO UPDATE SET entries = r.entries + excluded.entries;
  ELSE
    INSERT INTO report_baptisms AS r (team_id, year, type, member_status, entries)
    SELECT e.team_id, extract(year FROM e.date)::int, e.type, coalesce(tc.member_status, ''), sum(e.sign)
    FROM (SELECT 1 AS sign, team_id, contact_id, type, date FROM new_rows UNION ALL SELECT -1, team_id, contact_id, type, date FROM old_rows) e
    JOIN team_contacts tc ON tc.team_id = e.team_id AND tc.person_id = e.contact_id AND tc.state = 'active' AND tc.archived_at IS NULL
    WHERE e.type IN ('decision-for-baptism', 'baptism')
    GROUP BY 1, 2, 3, 4
    HAVING sum(e.sign) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, year, type, member_status) DO UPDATE SET entries = r.entries + excluded.entries;
    DELETE FROM report_baptisms WHERE team_id = ANY(touched) AND entries = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_baptisms_event_insert AFTER INSERT ON contact_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_baptisms_from_events();
--> statement-breakpoint
CREATE TRIGGER report_baptisms_event_update AFTER UPDATE ON contact_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_baptisms_from_events();
--> statement-breakpoint
CREATE TRIGGER report_baptisms_event_delete AFTER DELETE ON contact_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_baptisms_from_events();
--> statement-breakpoint
-- A team's contact taken in, archived or restored, made active, given another member status, or
-- removed: its entries move with it. Rows whose counted state and status did not change (most
-- updates: the read model's columns) move nothing.
CREATE FUNCTION report_baptisms_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT team_id FROM new_rows WHERE state = 'active' AND archived_at IS NULL);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT team_id FROM old_rows WHERE state = 'active' AND archived_at IS NULL);
  ELSE
    touched := array(SELECT DISTINCT team_id FROM (
      (SELECT team_id, person_id, coalesce(member_status, '') FROM new_rows WHERE state = 'active' AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') FROM old_rows WHERE state = 'active' AND archived_at IS NULL)
      UNION ALL ((SELECT team_id, person_id, coalesce(member_status, '') FROM old_rows WHERE state = 'active' AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') FROM new_rows WHERE state = 'active' AND archived_at IS NULL))) moved);
  END IF;
  IF cardinality(touched) = 0 THEN RETURN NULL; END IF;
  PERFORM report_follow_ups_lock(touched);
  IF TG_OP = 'DELETE' THEN
    PERFORM report_baptisms_recount(touched);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO report_baptisms AS r (team_id, year, type, member_status, entries)
    SELECT c.team_id, extract(year FROM e.date)::int, e.type, coalesce(c.member_status, ''), count(*)
    FROM new_rows c
    JOIN contact_events e ON e.team_id = c.team_id AND e.contact_id = c.person_id AND e.type IN ('decision-for-baptism', 'baptism')
    WHERE c.state = 'active' AND c.archived_at IS NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, year, type, member_status) DO UPDATE SET entries = r.entries + excluded.entries;
  ELSE
    INSERT INTO report_baptisms AS r (team_id, year, type, member_status, entries)
    SELECT c.team_id, extract(year FROM e.date)::int, e.type, c.member_status, sum(c.sign)
    FROM (SELECT 1 AS sign, n.* FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state = 'active' AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') FROM old_rows WHERE state = 'active' AND archived_at IS NULL)) n
          UNION ALL SELECT -1, o.* FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state = 'active' AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') FROM new_rows WHERE state = 'active' AND archived_at IS NULL)) o) c
    JOIN contact_events e ON e.team_id = c.team_id AND e.contact_id = c.person_id AND e.type IN ('decision-for-baptism', 'baptism')
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, year, type, member_status) DO UPDATE SET entries = r.entries + excluded.entries;
    DELETE FROM report_baptisms WHERE team_id = ANY(touched) AND entries = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_baptisms_contact_insert AFTER INSERT ON team_contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_baptisms_from_contacts();
--> statement-breakpoint
CREATE TRIGGER report_baptisms_contact_update AFTER UPDATE ON team_contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_baptisms_from_contacts();
--> statement-breakpoint
CREATE TRIGGER report_baptisms_contact_delete AFTER DELETE ON team_contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_baptisms_from_contacts();
--> statement-breakpoint
-- The totals of what is there.
SELECT report_baptisms_recount(array(SELECT DISTINCT team_id FROM contact_events WHERE type IN ('decision-for-baptism', 'baptism')));
