CREATE TABLE "event_attendance_counts" (
	"event_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"team_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_attendance_counts_event_id_event_date_pk" PRIMARY KEY("event_id","event_date")
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "first_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "event_attendance_counts_team_date_idx" ON "event_attendance_counts" USING btree ("team_id","event_date","event_id");--> statement-breakpoint
CREATE INDEX "contact_events_team_type_date_idx" ON "contact_events" USING btree ("team_id","type","date");--> statement-breakpoint
-- The assignee's follow-up on each assignment (the reports, issue 18): the first completed
-- interaction by the assignee with the contact in the team, at any time (none: the follow-up
-- is outstanding) and at or after the assignment (the response). An interaction was completed
-- at completed_at (set when it is marked complete), or at occurs_at without one (imports): a
-- visit logged today is a response today, even when its date has no time. Kept by statement
-- triggers, so every write path (services, imports, seeds, cascades) keeps it in its own
-- transaction, and a report reads two columns instead of millions of interactions.
CREATE FUNCTION assignment_follow_ups_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing to do writes nothing.
  IF coalesce(cardinality(ids), 0) = 0 THEN RETURN; END IF;
  UPDATE assignments a SET first_completed_at = s.first_at, first_response_at = s.response_at
  FROM (
    SELECT a.id, min(h.happened) AS first_at, min(h.happened) FILTER (WHERE h.happened >= a.created_at) AS response_at
    -- A join on the ids, not a.id = ANY(ids): a parameter array is searched row by row.
    FROM unnest(ids) AS k(id)
    JOIN assignments a ON a.id = k.id
    LEFT JOIN LATERAL (
      SELECT coalesce(i.completed_at, i.occurs_at) AS happened FROM interactions i
      WHERE i.contact_id = a.contact_id AND i.team_id = a.team_id AND i.by_person_id = a.to_person_id AND i.is_completed
    ) h ON true
    GROUP BY a.id
  ) s
  WHERE a.id = s.id AND (a.first_completed_at IS DISTINCT FROM s.first_at OR a.first_response_at IS DISTINCT FROM s.response_at);
END $$;
--> statement-breakpoint
CREATE FUNCTION assignment_follow_ups_from_interactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- New completed interactions can only bring the firsts earlier: the others need no reading.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE is_completed) THEN RETURN NULL; END IF;
    UPDATE assignments a
    SET first_completed_at = least(a.first_completed_at, s.first_at), first_response_at = least(a.first_response_at, s.response_at)
    FROM (
      SELECT a.id, min(n.happened) AS first_at, min(n.happened) FILTER (WHERE n.happened >= a.created_at) AS response_at
      FROM (
        SELECT team_id, contact_id, by_person_id, coalesce(completed_at, occurs_at) AS happened
        FROM new_rows WHERE is_completed AND by_person_id IS NOT NULL
      ) n
      JOIN assignments a ON a.team_id = n.team_id AND a.contact_id = n.contact_id AND a.to_person_id = n.by_person_id
      GROUP BY a.id
    ) s
    WHERE a.id = s.id
      AND (a.first_completed_at IS DISTINCT FROM least(a.first_completed_at, s.first_at)
        OR a.first_response_at IS DISTINCT FROM least(a.first_response_at, s.response_at));
  ELSIF TG_OP = 'UPDATE' THEN
    -- The assignments of every completed row before or after (no join of the two transition
    -- tables: it has no index, and a large update would compare every row with every row).
    PERFORM assignment_follow_ups_refresh(array(
      SELECT DISTINCT a.id FROM (
        SELECT team_id, contact_id, by_person_id FROM old_rows WHERE is_completed
        UNION
        SELECT team_id, contact_id, by_person_id FROM new_rows WHERE is_completed
      ) k
      JOIN assignments a ON a.team_id = k.team_id AND a.contact_id = k.contact_id AND a.to_person_id = k.by_person_id));
  ELSE
    PERFORM assignment_follow_ups_refresh(array(
      SELECT DISTINCT a.id FROM old_rows o
      JOIN assignments a ON a.team_id = o.team_id AND a.contact_id = o.contact_id AND a.to_person_id = o.by_person_id
      WHERE o.is_completed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assignment_follow_ups_interaction_insert AFTER INSERT ON interactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assignment_follow_ups_from_interactions();
--> statement-breakpoint
CREATE TRIGGER assignment_follow_ups_interaction_update AFTER UPDATE ON interactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assignment_follow_ups_from_interactions();
--> statement-breakpoint
CREATE TRIGGER assignment_follow_ups_interaction_delete AFTER DELETE ON interactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assignment_follow_ups_from_interactions();
--> statement-breakpoint
-- A new assignment is worked out from the interactions already there, once per statement.
CREATE FUNCTION assignment_follow_ups_from_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM assignment_follow_ups_refresh(array(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assignment_follow_ups_assignment_insert AFTER INSERT ON assignments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assignment_follow_ups_from_assignments();
--> statement-breakpoint
-- One moved to another team, contact, assignee or start, row by row before it is written (rare;
-- the refresh's own update sets none of these columns, so it never fires this).
CREATE FUNCTION assignment_follow_ups_on_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT min(x.happened), min(x.happened) FILTER (WHERE x.happened >= NEW.created_at)
  INTO NEW.first_completed_at, NEW.first_response_at
  FROM (
    SELECT coalesce(i.completed_at, i.occurs_at) AS happened FROM interactions i
    WHERE i.contact_id = NEW.contact_id AND i.team_id = NEW.team_id AND i.by_person_id = NEW.to_person_id AND i.is_completed
  ) x;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER assignment_follow_ups_assignment_move BEFORE UPDATE OF team_id, contact_id, to_person_id, created_at ON assignments FOR EACH ROW EXECUTE FUNCTION assignment_follow_ups_on_move();
--> statement-breakpoint
-- The assignments already there.
SELECT assignment_follow_ups_refresh(array(SELECT id FROM assignments));
--> statement-breakpoint
-- The attendance records of each event date (the reports, issue 18), moved by every write to
-- event_attendance, one upsert per statement, as team_contact_counts (migration 0008).
CREATE FUNCTION event_attendance_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_attendance_counts AS c (event_id, event_date, team_id, n)
    SELECT event_id, event_date, min(team_id), count(*) FROM new_rows GROUP BY event_id, event_date ORDER BY event_id, event_date
    ON CONFLICT (event_id, event_date) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO event_attendance_counts AS c (event_id, event_date, team_id, n)
    SELECT event_id, event_date, min(team_id), -count(*) FROM old_rows GROUP BY event_id, event_date ORDER BY event_id, event_date
    ON CONFLICT (event_id, event_date) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO event_attendance_counts AS c (event_id, event_date, team_id, n)
    SELECT event_id, event_date, min(team_id), sum(n) FROM (
      SELECT event_id, event_date, team_id, 1 AS n FROM new_rows
      UNION ALL
      SELECT event_id, event_date, team_id, -1 FROM old_rows
    ) moves GROUP BY event_id, event_date HAVING sum(n) <> 0 ORDER BY event_id, event_date
    ON CONFLICT (event_id, event_date) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_attendance_counts_insert AFTER INSERT ON event_attendance REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_attendance_counts_apply();
--> statement-breakpoint
CREATE TRIGGER event_attendance_counts_update AFTER UPDATE ON event_attendance REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_attendance_counts_apply();
--> statement-breakpoint
CREATE TRIGGER event_attendance_counts_delete AFTER DELETE ON event_attendance REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_attendance_counts_apply();
--> statement-breakpoint
-- The records already there.
INSERT INTO event_attendance_counts (event_id, event_date, team_id, n)
SELECT event_id, event_date, min(team_id), count(*) FROM event_attendance GROUP BY event_id, event_date;
