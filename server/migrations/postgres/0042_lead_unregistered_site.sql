-- Issue 34 item 5: a lead from a site that is not registered. The worker names the site (name, address, and
-- optionally its county) and the employer's phone in free text; the lead has no project (`project_id` NULL)
-- until the bureau links it to a registered one. `site_district` is the county's path of codes as projects
-- keep theirs ('4101,410105'), '' when the worker chose none (then only the whole area's regulators see it).
-- `unregistered` stays TRUE after linking, so the lead keeps saying where it came from.
ALTER TABLE leads ALTER COLUMN project_id DROP NOT NULL;
ALTER TABLE leads ADD COLUMN unregistered BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE leads ADD COLUMN site_name TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN site_address TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN site_district TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN employer_phone TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD CONSTRAINT leads_site CHECK (project_id IS NOT NULL OR (unregistered AND site_name <> ''));
CREATE INDEX leads_unregistered ON leads (unregistered, id);
