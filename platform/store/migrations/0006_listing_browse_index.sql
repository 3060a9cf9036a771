-- Browsing filters running listings and orders by (created_at, id). The
-- end of the run is kept as Unix seconds: an integer compares cheaply on
-- both engines, and one index holding all four columns answers browse
-- pages from the index alone.
DROP INDEX listings_site_expires;
DROP INDEX listings_site_created_id;
ALTER TABLE listings DROP COLUMN expires_at;
ALTER TABLE listings ADD COLUMN expires_unix BIGINT;
CREATE INDEX listings_browse ON listings (site, created_at, id, expires_unix);
