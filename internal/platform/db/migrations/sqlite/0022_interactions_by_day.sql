-- A listing's interactions of a day are keyed by (day, seq) in a WITHOUT
-- ROWID table, in place of (listing_id, day) in a rowid table with a
-- second index on (day, listing_id). Every flush of views adds to the
-- rows of one day: keyed by day first they sit together in one region of
-- one b-tree, so a flush of thousands of views writes a few hundred pages
-- instead of three random pages a view (the table, its key and its day
-- index), and it needs no look-up of each listing's id. Trending reads a
-- range of days, which is the key's order.
--
-- There is no foreign key (a cascade would scan the table for a seq):
-- deleting a listing deletes its rows of the days trending reads, and
-- older rows are history that nothing reads.
CREATE TABLE marketplace_interactions_new (
    day       INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    views     INTEGER NOT NULL DEFAULT 0,
    clones    INTEGER NOT NULL DEFAULT 0,
    reviews   INTEGER NOT NULL DEFAULT 0,
    favorites INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, seq)
) WITHOUT ROWID;
INSERT INTO marketplace_interactions_new (day, seq, views, clones, reviews, favorites)
    SELECT i.day, l.seq, i.views, i.clones, i.reviews, i.favorites
    FROM marketplace_interactions i JOIN marketplace_listings l ON l.id = i.listing_id;
DROP TABLE marketplace_interactions;
ALTER TABLE marketplace_interactions_new RENAME TO marketplace_interactions;
