-- Browse pages order by (created_at, id); with id in the index neither
-- engine sorts the whole site's listings for every page.
DROP INDEX listings_site_created;
DROP INDEX listings_owner_created;
CREATE INDEX listings_site_created_id ON listings (site, created_at, id);
CREATE INDEX listings_owner_created_id ON listings (site, owner_id, created_at, id);
