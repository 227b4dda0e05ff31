CREATE INDEX "team_contacts_de_identified_idx" ON "team_contacts" USING btree ("team_id","created_at","person_id","source","member_status") WHERE "team_contacts"."archived_at" is null and "team_contacts"."state" = 'de_identified';
--> statement-breakpoint
-- De-identified contacts (issue 40 §2) count in the reports as they did while active: the
-- running totals of 0037, 0038 and 0042 count both states (and only those: a team's request
-- awaiting approval counts in neither). A contact made de-identified changes none of the
-- counted columns (team, person, member status, year, source), so the update moves nothing.
CREATE OR REPLACE FUNCTION report_follow_ups_recount(team_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_follow_ups WHERE team_id = ANY(team_ids);
  INSERT INTO report_follow_ups (team_id, to_person_id, member_status, assignments, outstanding, responded, response_hours)
  SELECT a.team_id, a.to_person_id, coalesce(tc.member_status, ''), count(*), count(*) FILTER (WHERE a.first_completed_at IS NULL),
         count(a.first_response_at), coalesce(sum(extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0)
  FROM assignments a
  JOIN team_contacts tc ON tc.team_id = a.team_id AND tc.person_id = a.contact_id AND tc.state IN ('active', 'de_identified') AND tc.archived_at IS NULL
  WHERE a.team_id = ANY(team_ids)
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_follow_ups_from_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
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
    JOIN team_contacts tc ON tc.team_id = a.team_id AND tc.person_id = a.contact_id AND tc.state IN ('active', 'de_identified') AND tc.archived_at IS NULL
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
    JOIN team_contacts tc ON tc.team_id = a.team_id AND tc.person_id = a.contact_id AND tc.state IN ('active', 'de_identified') AND tc.archived_at IS NULL
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
CREATE OR REPLACE FUNCTION report_follow_ups_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT team_id FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT team_id FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL);
  ELSE
    touched := array(SELECT team_id FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL)
                                          UNION ALL ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL))) moved);
  END IF;
  IF cardinality(touched) = 0 THEN RETURN NULL; END IF;
  PERFORM report_follow_ups_lock(touched);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_follow_ups AS r (team_id, to_person_id, member_status, assignments, outstanding, responded, response_hours)
    SELECT c.team_id, a.to_person_id, c.member_status, sum(c.sign), sum(c.sign * (a.first_completed_at IS NULL)::int),
           sum(c.sign * (a.first_response_at IS NOT NULL)::int),
           coalesce(sum(c.sign * extract(epoch FROM a.first_response_at - a.created_at) / 3600), 0)
    FROM (SELECT 1 AS sign, n.* FROM (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) n) c
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
    FROM (SELECT 1 AS sign, n.* FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL)) n UNION ALL SELECT -1, o.* FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL)) o) c
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
CREATE OR REPLACE FUNCTION report_new_contacts_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_new_contacts AS r (team_id, year, source, member_status, contacts)
    SELECT team_id, extract(year FROM created_at AT TIME ZONE 'UTC')::int, coalesce(source, ''), coalesce(member_status, ''), count(*)
    FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, year, source, member_status) DO UPDATE SET contacts = r.contacts + excluded.contacts;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    WITH added AS (
      INSERT INTO report_new_contacts AS r (team_id, year, source, member_status, contacts)
      SELECT team_id, extract(year FROM created_at AT TIME ZONE 'UTC')::int, coalesce(source, ''), coalesce(member_status, ''), -count(*)
      FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (team_id, year, source, member_status) DO UPDATE SET contacts = r.contacts + excluded.contacts
      RETURNING r.team_id, r.contacts)
    SELECT array_agg(DISTINCT team_id) FILTER (WHERE contacts = 0) INTO emptied FROM added;
  ELSE
    -- An update moves only the rows whose counted state, year, source or status changed (most
    -- updates are the read model's columns, and move nothing).
    WITH n AS (SELECT team_id, person_id, extract(year FROM created_at AT TIME ZONE 'UTC')::int AS year, coalesce(source, '') AS source, coalesce(member_status, '') AS member_status
               FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL),
         o AS (SELECT team_id, person_id, extract(year FROM created_at AT TIME ZONE 'UTC')::int AS year, coalesce(source, '') AS source, coalesce(member_status, '') AS member_status
               FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL),
         moved AS (SELECT 1 AS sign, a.* FROM (SELECT * FROM n EXCEPT SELECT * FROM o) a UNION ALL SELECT -1 AS sign, b.* FROM (SELECT * FROM o EXCEPT SELECT * FROM n) b),
         added AS (
           INSERT INTO report_new_contacts AS r (team_id, year, source, member_status, contacts)
           SELECT team_id, year, source, member_status, sum(sign) FROM moved
           GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0
           ORDER BY 1, 2, 3, 4
           ON CONFLICT (team_id, year, source, member_status) DO UPDATE SET contacts = r.contacts + excluded.contacts
           RETURNING r.team_id, r.contacts)
    SELECT array_agg(DISTINCT team_id) FILTER (WHERE contacts = 0) INTO emptied FROM added;
  END IF;
  -- A row that counts nothing goes (its own statement: the one above does not see its own updates).
  IF emptied IS NOT NULL THEN DELETE FROM report_new_contacts WHERE team_id = ANY(emptied) AND contacts = 0; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_baptisms_recount(team_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_baptisms WHERE team_id = ANY(team_ids);
  INSERT INTO report_baptisms (team_id, year, type, member_status, entries)
  SELECT e.team_id, extract(year FROM e.date)::int, e.type, coalesce(tc.member_status, ''), count(*)
  FROM contact_events e
  JOIN team_contacts tc ON tc.team_id = e.team_id AND tc.person_id = e.contact_id AND tc.state IN ('active', 'de_identified') AND tc.archived_at IS NULL
  WHERE e.team_id = ANY(team_ids) AND e.type IN ('decision-for-baptism', 'baptism')
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_baptisms_from_events() RETURNS trigger LANGUAGE plpgsql AS $$
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
    JOIN team_contacts tc ON tc.team_id = e.team_id AND tc.person_id = e.contact_id AND tc.state IN ('active', 'de_identified') AND tc.archived_at IS NULL
    WHERE e.type IN ('decision-for-baptism', 'baptism')
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, year, type, member_status) DO UPDATE SET entries = r.entries + excluded.entries;
  ELSE
    INSERT INTO report_baptisms AS r (team_id, year, type, member_status, entries)
    SELECT e.team_id, extract(year FROM e.date)::int, e.type, coalesce(tc.member_status, ''), sum(e.sign)
    FROM (SELECT 1 AS sign, team_id, contact_id, type, date FROM new_rows UNION ALL SELECT -1, team_id, contact_id, type, date FROM old_rows) e
    JOIN team_contacts tc ON tc.team_id = e.team_id AND tc.person_id = e.contact_id AND tc.state IN ('active', 'de_identified') AND tc.archived_at IS NULL
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
CREATE OR REPLACE FUNCTION report_baptisms_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT team_id FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT team_id FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL);
  ELSE
    touched := array(SELECT DISTINCT team_id FROM (
      (SELECT team_id, person_id, coalesce(member_status, '') FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL)
      UNION ALL ((SELECT team_id, person_id, coalesce(member_status, '') FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL))) moved);
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
    WHERE c.state IN ('active', 'de_identified') AND c.archived_at IS NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, year, type, member_status) DO UPDATE SET entries = r.entries + excluded.entries;
  ELSE
    INSERT INTO report_baptisms AS r (team_id, year, type, member_status, entries)
    SELECT c.team_id, extract(year FROM e.date)::int, e.type, c.member_status, sum(c.sign)
    FROM (SELECT 1 AS sign, n.* FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL)) n
          UNION ALL SELECT -1, o.* FROM ((SELECT team_id, person_id, coalesce(member_status, '') AS member_status FROM old_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL) EXCEPT (SELECT team_id, person_id, coalesce(member_status, '') FROM new_rows WHERE state IN ('active', 'de_identified') AND archived_at IS NULL)) o) c
    JOIN contact_events e ON e.team_id = c.team_id AND e.contact_id = c.person_id AND e.type IN ('decision-for-baptism', 'baptism')
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (team_id, year, type, member_status) DO UPDATE SET entries = r.entries + excluded.entries;
    DELETE FROM report_baptisms WHERE team_id = ANY(touched) AND entries = 0;
  END IF;
  RETURN NULL;
END $$;
