-- Receipt line-item words (`i:` features) for the category suggester. A ReceiptScanned keeps its
-- words by receipt id until the ExpenseCaptured that carries that receipt id moves them to the
-- transaction, so an edit or void of the expense unlearns exactly what its capture learned.
CREATE TABLE suggestion_receipt_words (
    receipt_id TEXT PRIMARY KEY,
    words      TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE suggestion_item_words (
    txn_id TEXT PRIMARY KEY,
    words  TEXT NOT NULL
) WITHOUT ROWID;

-- A ledger that already holds receipts asks the next open to read their item words from the log
-- (the scans only, no replay) and then to relearn the counts, as Migrations/0004 does.
INSERT OR IGNORE INTO projection_checkpoints (projection, position)
SELECT 'item-words-backfill', position FROM projection_checkpoints
WHERE projection = 'ledger' AND EXISTS (SELECT 1 FROM events WHERE type = 'ReceiptScanned');
