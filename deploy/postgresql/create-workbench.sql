-- The workbench's role and database, run once as the cluster's superuser:
--   psql -h <socket dir> -U postgres -d postgres -f create-workbench.sql
-- then give the role its password (typed, never on a command line): \password workbench
-- The workbench role owns its database, so the servers' migrations create their tables there.
CREATE ROLE workbench LOGIN;
CREATE DATABASE workbench OWNER workbench ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
