CREATE TABLE "report_follow_ups" (
	"team_id" integer NOT NULL,
	"to_person_id" integer NOT NULL,
	"member_status" text DEFAULT '' NOT NULL,
	"assignments" integer DEFAULT 0 NOT NULL,
	"outstanding" integer DEFAULT 0 NOT NULL,
	"responded" integer DEFAULT 0 NOT NULL,
	"response_hours" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_follow_ups_team_id_to_person_id_member_status_pk" PRIMARY KEY("team_id","to_person_id","member_status")
);
--> statement-breakpoint
DROP INDEX "team_contacts_list_created_idx";--> statement-breakpoint
CREATE INDEX "team_contacts_list_created_idx" ON "team_contacts" USING btree ("team_id","created_at","person_id","source","member_status") WHERE "team_contacts"."archived_at" is null and "team_contacts"."state" = 'active';--> statement-breakpoint
-- The reports' follow-ups as running totals (issue 39): what report-contacts.ts once counted by
-- joining every assignment of a conference to its contact. An assignment counts while its
-- contact is active and not archived in the team, under the contact's member status there.
-- Each trigger locks the teams it moves (class 7304, in team order) before it reads the other
-- table in a statement of its own: a writer of that table waits for the lock, and the read then
-- sees what that writer committed, so an assignment given while its contact is archived is
-- counted by exactly one of the two. The upserts are written out per kind of write: a
-- transition table is readable only in its own trigger's statements, and handing the moves on
-- (as jsonb or arrays) cost 0.4–2.8 s more per 250,000 rows of a bulk insert.
CREATE FUNCTION report_follow_ups_lock(team_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7304, t) FROM (SELECT DISTINCT t FROM unnest(team_ids) AS u(t) ORDER BY t) s;
END $$;
--> statement-breakpoint
-- The teams' totals counted again from their assignments: after deletions, and to start.
CREATE FUNCTION report_follow_ups_recount(team_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_follow_ups WHERE team_id = ANY(team_ids);
  INSERT INTO report_follow_ups (team_id, to_person_id, member_status, assignments, outstanding, responded, response_hours)
  SELECT a.team_id, a.to_person_id, coalesce(tc.member_status, ''), count(*), count(*) FILTER (WHERE a.first_completed_at IS NULL),
         count(a.first_response_at), coalesce(sum(extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0)
  FROM assignments a
  JOIN team_contacts tc ON tc.team_id = a.team_id AND tc.person_id = a.contact_id AND tc.state = 'active' AND tc.archived_at IS NULL
  WHERE a.team_id = ANY(team_ids)
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- Assignments given, moved or followed up (first_completed_at, first_response_at): the new rows
-- add, the old rows take away, each under its contact as the team holds it now. Ended ones, and
-- contacts removed, count their teams again: a person's or a team's deletion removes both their
-- contacts and their assignments before either table's statement trigger runs, so neither
-- would find the other to take away.
CREATE FUNCTION report_follow_ups_from_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT team_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT team_id FROM old_rows);
  ELSE
    touched := array(SELECT team_id FROM new_rows UNION SELECT team_id FROM old_rows);
  END IF;
  IF cardinality(touched) = 0 THEN RETURN NULL; END IF;
  PERFORM report_follow_ups_lock(touched);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_follow_ups AS r (team_id, to_person_id, member_status, assignments, outstanding, responded, response_hours)
    SELECT a.team_id, a.to_person_id, coalesce(tc.member_status, ''), sum(a.sign), sum(a.sign * (a.first_completed_at IS NULL)::int),
           sum(a.sign * (a.first_response_at IS NOT NULL)::int),
           coalesce(sum(a.sign * extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0)
    FROM (SELECT 1 AS sign, team_id, contact_id, to_person_id, created_at, first_completed_at, first_response_at FROM new_rows) a
    JOIN team_contacts tc ON tc.team_id = a.team_id AND tc.person_id = a.contact_id AND tc.state = 'active' AND tc.archived_at IS NULL
    GROUP BY 1, 2, 3
    HAVING sum(a.sign) <> 0 OR sum(a.sign * (a.first_completed_at IS NULL)::int) <> 0 OR sum(a.sign * (a.first_response_at IS NOT NULL)::int) <> 0
        OR coalesce(sum(a.sign * extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (team_id, to_person_id, member_status) DO UPDATE SET assignments = r.assignments + excluded.assignments,
      outstanding = r.outstanding + excluded.outstanding, responded = r.responded + excluded.responded,
      response_hours = r.response_hours + excluded.response_hours;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_follow_ups_recount(touched);
    RETURN NULL;
  ELSE
    INSERT INTO report_follow_ups AS r (team_id, to_person_id, member_status, assignments, outstanding, responded, response_hours)
    SELECT a.team_id, a.to_person_id, coalesce(tc.member_status, ''), sum(a.sign), sum(a.sign * (a.first_completed_at IS NULL)::int),
           sum(a.sign * (a.first_response_at IS NOT NULL)::int),
           coalesce(sum(a.sign * extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0)
    FROM (SELECT 1 AS sign, team_id, contact_id, to_person_id, created_at, first_completed_at, first_response_at FROM new_rows UNION ALL SELECT -1 AS sign, team_id, contact_id, to_person_id, created_at, first_completed_at, first_response_at FROM old_rows) a
    JOIN team_contacts tc ON tc.team_id = a.team_id AND tc.person_id = a.contact_id AND tc.state = 'active' AND tc.archived_at IS NULL
    GROUP BY 1, 2, 3
    HAVING sum(a.sign) <> 0 OR sum(a.sign * (a.first_completed_at IS NULL)::int) <> 0 OR sum(a.sign * (a.first_response_at IS NOT NULL)::int) <> 0
        OR coalesce(sum(a.sign * extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (team_id, to_person_id, member_status) DO UPDATE SET assignments = r.assignments + excluded.assignments,
      outstanding = r.outstanding + excluded.outstanding, responded = r.responded + excluded.responded,
      response_hours = r.response_hours + excluded.response_hours;
  END IF;
  DELETE FROM report_follow_ups WHERE team_id = ANY(touched) AND assignments = 0 AND outstanding = 0 AND responded = 0 AND response_hours = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_follow_ups_assignment_insert AFTER INSERT ON assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_follow_ups_from_assignments();
--> statement-breakpoint
CREATE TRIGGER report_follow_ups_assignment_update AFTER UPDATE ON assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_follow_ups_from_assignments();
--> statement-breakpoint
CREATE TRIGGER report_follow_ups_assignment_delete AFTER DELETE ON assignments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_follow_ups_from_assignments();
--> statement-breakpoint
-- A team's contact taken in, archived or restored, made active, given another member status,
-- or removed: its assignments move with it. Rows whose counted state and status did not change
-- (most updates: the read model's columns) move nothing.
CREATE FUNCTION report_follow_ups_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT team_id FROM new_rows WHERE state = 'active' AND archived_at IS NULL);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT team_id FROM old_rows WHERE state = 'active' AND archived_at IS NULL);
  ELSE
    touched := array(SELECT team_id FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state = 'active' AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state = 'active' AND archived_at IS NULL)
                                          UNION ALL ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state = 'active' AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state = 'active' AND archived_at IS NULL))) moved);
  END IF;
  IF cardinality(touched) = 0 THEN RETURN NULL; END IF;
  PERFORM report_follow_ups_lock(touched);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_follow_ups AS r (team_id, to_person_id, member_status, assignments, outstanding, responded, response_hours)
    SELECT c.team_id, a.to_person_id, c.member_status, sum(c.sign), sum(c.sign * (a.first_completed_at IS NULL)::int),
           sum(c.sign * (a.first_response_at IS NOT NULL)::int),
           coalesce(sum(c.sign * extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0)
    FROM (SELECT 1 AS sign, n.* FROM (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state = 'active' AND archived_at IS NULL) n) c
    JOIN assignments a ON a.team_id = c.team_id AND a.contact_id = c.person_id
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (team_id, to_person_id, member_status) DO UPDATE SET assignments = r.assignments + excluded.assignments,
      outstanding = r.outstanding + excluded.outstanding, responded = r.responded + excluded.responded,
      response_hours = r.response_hours + excluded.response_hours;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_follow_ups_recount(touched);
    RETURN NULL;
  ELSE
    INSERT INTO report_follow_ups AS r (team_id, to_person_id, member_status, assignments, outstanding, responded, response_hours)
    SELECT c.team_id, a.to_person_id, c.member_status, sum(c.sign), sum(c.sign * (a.first_completed_at IS NULL)::int),
           sum(c.sign * (a.first_response_at IS NOT NULL)::int),
           coalesce(sum(c.sign * extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0)
    FROM (SELECT 1 AS sign, n.* FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state = 'active' AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state = 'active' AND archived_at IS NULL)) n UNION ALL SELECT -1, o.* FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state = 'active' AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state = 'active' AND archived_at IS NULL)) o) c
    JOIN assignments a ON a.team_id = c.team_id AND a.contact_id = c.person_id
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (team_id, to_person_id, member_status) DO UPDATE SET assignments = r.assignments + excluded.assignments,
      outstanding = r.outstanding + excluded.outstanding, responded = r.responded + excluded.responded,
      response_hours = r.response_hours + excluded.response_hours;
  END IF;
  DELETE FROM report_follow_ups WHERE team_id = ANY(touched) AND assignments = 0 AND outstanding = 0 AND responded = 0 AND response_hours = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_follow_ups_contact_insert AFTER INSERT ON team_contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_follow_ups_from_contacts();
--> statement-breakpoint
CREATE TRIGGER report_follow_ups_contact_update AFTER UPDATE ON team_contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_follow_ups_from_contacts();
--> statement-breakpoint
CREATE TRIGGER report_follow_ups_contact_delete AFTER DELETE ON team_contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_follow_ups_from_contacts();
--> statement-breakpoint
-- The totals of what is there.
SELECT report_follow_ups_recount(array(SELECT DISTINCT team_id FROM assignments));
