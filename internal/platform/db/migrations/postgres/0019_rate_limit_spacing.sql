-- A spaced rate limit (one mail to an address per interval, measured from
-- the last one) keeps the end of its interval in count, in Unix
-- milliseconds, which needs 64 bits.
ALTER TABLE rate_limits ALTER COLUMN count TYPE BIGINT;
