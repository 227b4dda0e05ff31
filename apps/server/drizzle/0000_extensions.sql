-- Trigram indexes serve the name, email and phone searches of the lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
