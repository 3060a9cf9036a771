-- A listing runs for its duration; public browsing hides it afterwards.
-- Rows from before this column existed (NULL) count as running.
ALTER TABLE listings ADD COLUMN expires_at TIMESTAMP;
CREATE INDEX listings_site_expires ON listings (site, expires_at);
