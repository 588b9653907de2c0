-- Nothing to change on SQLite: its INTEGER is 64 bits already. On
-- PostgreSQL this step widens rate_limits.count to BIGINT, which a spaced
-- rate limit needs (the end of its interval in Unix milliseconds).
SELECT 1;
