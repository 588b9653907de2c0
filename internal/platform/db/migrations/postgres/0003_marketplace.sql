-- Marketplace catalog: categories, brands, listings with a tsvector index,
-- maintained counters (exact totals without scans), daily interactions for
-- trending, and a record of clones (for verified reviews later).
-- Full-text configuration: English stemming with accents removed
-- (unaccent is a trusted extension from postgresql-contrib).
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE TEXT SEARCH CONFIGURATION marketplace_english (COPY = english);
ALTER TEXT SEARCH CONFIGURATION marketplace_english
    ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;

CREATE TABLE marketplace_categories (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    slug        TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    icon        TEXT NOT NULL DEFAULT '',
    sort_order  INTEGER NOT NULL DEFAULT 0,
    parent_id   TEXT REFERENCES marketplace_categories (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX marketplace_categories_order ON marketplace_categories (sort_order, name);
CREATE INDEX marketplace_categories_parent ON marketplace_categories (parent_id);

CREATE TABLE marketplace_brands (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    slug       TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL
);

-- seq is the tie-breaker of every ordering; search_tsv is the weighted
-- full-text vector (name A, tagline B, description C).
CREATE TABLE marketplace_listings (
    seq            BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    id             TEXT PRIMARY KEY,
    agent_id       TEXT REFERENCES genies (id) ON DELETE SET NULL,
    creator_id     TEXT REFERENCES users (id) ON DELETE SET NULL,
    slug           TEXT NOT NULL UNIQUE,
    display_name   TEXT NOT NULL,
    tagline        TEXT NOT NULL DEFAULT '',
    description    TEXT NOT NULL DEFAULT '',
    category_id    TEXT NOT NULL REFERENCES marketplace_categories (id),
    brand_id       TEXT REFERENCES marketplace_brands (id) ON DELETE SET NULL,
    thumbnail_url  TEXT,
    demo_video_url TEXT,
    is_featured    BOOLEAN NOT NULL DEFAULT FALSE,
    is_public      BOOLEAN NOT NULL DEFAULT TRUE,
    rating         DOUBLE PRECISION NOT NULL DEFAULT 0,
    rating_sum     BIGINT NOT NULL DEFAULT 0,
    rating_count   BIGINT NOT NULL DEFAULT 0,
    view_count     BIGINT NOT NULL DEFAULT 0,
    clone_count    BIGINT NOT NULL DEFAULT 0,
    metadata       TEXT NOT NULL DEFAULT '{}',
    difficulty     TEXT,
    industry       TEXT,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL,
    search_tsv     tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('marketplace_english', display_name), 'A') ||
        setweight(to_tsvector('marketplace_english', tagline), 'B') ||
        setweight(to_tsvector('marketplace_english', description), 'C')) STORED
);
CREATE INDEX marketplace_listings_search ON marketplace_listings USING GIN (search_tsv);
CREATE INDEX marketplace_listings_agent ON marketplace_listings (agent_id);
CREATE INDEX marketplace_listings_creator ON marketplace_listings (creator_id);
CREATE INDEX marketplace_listings_pub_new ON marketplace_listings (is_public, created_at, seq);
CREATE INDEX marketplace_listings_pub_views ON marketplace_listings (is_public, view_count, seq);
CREATE INDEX marketplace_listings_pub_rating ON marketplace_listings (is_public, rating, seq);
CREATE INDEX marketplace_listings_pub_clones ON marketplace_listings (is_public, clone_count, seq);
CREATE INDEX marketplace_listings_pub_featured ON marketplace_listings (is_public, is_featured, clone_count, seq);
CREATE INDEX marketplace_listings_cat_new ON marketplace_listings (category_id, is_public, created_at, seq);
CREATE INDEX marketplace_listings_cat_rating ON marketplace_listings (category_id, is_public, rating, seq);
CREATE INDEX marketplace_listings_cat_clones ON marketplace_listings (category_id, is_public, clone_count, seq);
CREATE INDEX marketplace_listings_brand ON marketplace_listings (brand_id, is_public, created_at, seq);
CREATE INDEX marketplace_listings_difficulty ON marketplace_listings (difficulty, is_public) WHERE difficulty IS NOT NULL;
CREATE INDEX marketplace_listings_industry ON marketplace_listings (industry, is_public) WHERE industry IS NOT NULL;

-- Interactions per listing per UTC day (day = days since 1970-01-01).
CREATE TABLE marketplace_interactions (
    listing_id TEXT NOT NULL REFERENCES marketplace_listings (id) ON DELETE CASCADE,
    day        INTEGER NOT NULL,
    views      INTEGER NOT NULL DEFAULT 0,
    clones     INTEGER NOT NULL DEFAULT 0,
    reviews    INTEGER NOT NULL DEFAULT 0,
    favorites  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (listing_id, day)
);
CREATE INDEX marketplace_interactions_day ON marketplace_interactions (day, listing_id);

CREATE TABLE marketplace_clones (
    id         TEXT PRIMARY KEY,
    listing_id TEXT NOT NULL REFERENCES marketplace_listings (id) ON DELETE CASCADE,
    genie_id   TEXT REFERENCES genies (id) ON DELETE SET NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX marketplace_clones_listing ON marketplace_clones (listing_id, user_id);
CREATE INDEX marketplace_clones_user ON marketplace_clones (user_id);
CREATE INDEX marketplace_clones_genie ON marketplace_clones (genie_id);

-- Counters kept in the same transaction as every write: 'version' (bumped
-- by every marketplace write but a view) and 'views' (bumped by views), for
-- caches; 'pub' and 'all' totals, and
-- '<scope>:featured', '<scope>:cat:<id>', '<scope>:brand:<id>',
-- 'pub:views', 'pub:clones'.
CREATE TABLE marketplace_counters (
    key TEXT PRIMARY KEY,
    n   BIGINT NOT NULL DEFAULT 0
);
INSERT INTO marketplace_counters (key, n) VALUES
    ('version', 0), ('views', 0), ('pub', 0), ('all', 0), ('pub:featured', 0), ('all:featured', 0),
    ('pub:views', 0), ('pub:clones', 0);
