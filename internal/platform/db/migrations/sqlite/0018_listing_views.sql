-- A listing's view count moves out of its wide row into a narrow one of
-- its own (see the PostgreSQL migration of the same number): a view
-- rewrites a three-column row and one small index instead of the wide
-- listing row and its index on the count.
--
-- is_public is a copy of the listing's, kept in the same transactions, so
-- that a view can check visibility without reading the listing row, and
-- the popular sort walks one index (public, views) as before.
CREATE TABLE marketplace_listing_views (
    seq       INTEGER PRIMARY KEY REFERENCES marketplace_listings (seq) ON DELETE CASCADE,
    is_public BOOLEAN NOT NULL,
    views     INTEGER NOT NULL DEFAULT 0
);
INSERT INTO marketplace_listing_views (seq, is_public, views)
    SELECT seq, is_public, view_count FROM marketplace_listings;
CREATE INDEX marketplace_listing_views_pub ON marketplace_listing_views (is_public, views);
DROP INDEX marketplace_listings_pub_views;
ALTER TABLE marketplace_listings DROP COLUMN view_count;
