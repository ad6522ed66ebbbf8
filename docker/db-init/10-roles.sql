-- Khrap Club: the database roles (docs/deploy-database.md).
--
--   khrap_owner  owns the schema and every table, trigger and function in it. Only `manage.py
--                migrate` connects as it. Not a superuser.
--   khrap_app    what the site, the Celery worker and beat connect as: it may read and write rows
--                and nothing else. It owns nothing, so it cannot ALTER a table (no DISABLE TRIGGER,
--                no DROP TRIGGER), cannot TRUNCATE, cannot SET session_replication_role (superuser
--                only), cannot create functions or tables, and is no member of khrap_owner.
--
-- The postgres image runs this once, as its superuser, in POSTGRES_DB, when the data directory is
-- first initialised. By hand, on an existing database (then see the docs for existing tables):
--
--   KHRAP_OWNER_PASSWORD=... KHRAP_APP_PASSWORD=... psql -U postgres -d khrap -f 10-roles.sql
--
-- The role names can be changed with -v owner_role=... -v app_role=... (the tests do, to use
-- throw-away roles).

\set ON_ERROR_STOP on

\if :{?owner_role}
\else
  \set owner_role khrap_owner
\endif
\if :{?app_role}
\else
  \set app_role khrap_app
\endif

\getenv owner_password KHRAP_OWNER_PASSWORD
\getenv app_password KHRAP_APP_PASSWORD
\if :{?owner_password}
\else
  DO $$ BEGIN RAISE EXCEPTION 'set KHRAP_OWNER_PASSWORD (see docs/deploy-database.md)'; END $$;
\endif
\if :{?app_password}
\else
  DO $$ BEGIN RAISE EXCEPTION 'set KHRAP_APP_PASSWORD (see docs/deploy-database.md)'; END $$;
\endif

CREATE ROLE :"owner_role" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS
    PASSWORD :'owner_password';
CREATE ROLE :"app_role" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT
    PASSWORD :'app_password';

-- The owner owns the schema: it alone creates, alters and drops what is in it.
ALTER SCHEMA public OWNER TO :"owner_role";
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app_role";

-- Every table and sequence the owner creates from now on (each migration) is readable and writable
-- by the app, row by row. No TRUNCATE, REFERENCES or TRIGGER privilege.
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner_role" IN SCHEMA public
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner_role" IN SCHEMA public
    GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";

-- Tables that already exist (a database migrated before the roles): the same rights. Their owner
-- should become the owner role too (docs/deploy-database.md, "An existing database").
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
