-- Nothing to change on PostgreSQL: this step makes SQLite's
-- marketplace_counters a WITHOUT ROWID table (one b-tree instead of the
-- key index and the table). PostgreSQL reads the counters through their
-- primary key index already.
SELECT 1;
