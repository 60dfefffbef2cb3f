-- Hands an existing Land Banking database to the owner role (docs/postgresql.md, "An existing
-- database"): the database, its schemas, tables, sequences and functions. Run it in that database as
-- a superuser or as the role that owns them now, naming the new owner:
--   psql -v ON_ERROR_STOP=1 -v owner=landbanking_owner -d landbanking -f deploy/postgres/hand-over.sql
-- The app's role is then granted its rights by the next start of the app with DATABASE_MIGRATION_URL.
SELECT set_config('landbanking.new_owner', :'owner', false);

DO $$
DECLARE
  new_owner text := current_setting('landbanking.new_owner');
  item record;
BEGIN
  EXECUTE format('ALTER DATABASE %I OWNER TO %I', current_database(), new_owner);
  FOR item IN SELECT nspname FROM pg_namespace WHERE nspname IN ('public', 'drizzle') LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO %I', item.nspname, new_owner);
  END LOOP;
  -- A sequence that belongs to a column (serial, identity) follows its table.
  FOR item IN
    SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
    WHERE c.relnamespace IN (SELECT oid FROM pg_namespace WHERE nspname IN ('public', 'drizzle'))
      AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i', 'e'))
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO %I',
      CASE item.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
      item.name, new_owner);
  END LOOP;
  -- Functions the migrations made (the audit trail's trigger function); an extension's stay its own.
  FOR item IN
    SELECT p.oid::regprocedure AS name FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace AND p.prokind IN ('f', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.name, new_owner);
  END LOOP;
END $$;
