-- Category suggestions learn only what a person chose (issue 29, N5): an expense the suggester filed
-- teaches nothing until an edit gives it a category, and company-form words (SDN BHD, GmbH, LLC, …) are
-- no evidence. An existing ledger's counts were learned by the old rule: they are emptied and relearned
-- from the transactions projection on the next open, as Migrations/0005 does.
DELETE FROM suggestion_features;
DELETE FROM suggestion_classes;
DELETE FROM suggestion_totals;
DELETE FROM suggestion_vocabulary;
INSERT OR IGNORE INTO projection_checkpoints (projection, position)
SELECT 'suggestions-backfill', position FROM projection_checkpoints WHERE projection = 'ledger';
