-- The review list (`receipts list --needs-review`, the web app's home and review pages) and the
-- item-word index read the receipts from the log itself: SELECT position FROM events WHERE type =
-- 'ReceiptScanned'. Without an index that read scanned the whole events table on every call; the
-- web app paid it on every render of home after a capture (312 ms at 100k events, WEBAPP's
-- webapp-figures.sh, issue 31). On a 100k-event ledger with no receipts, `receipts list
-- --needs-review` took 0.09 s without this index and 0.04 s with it (debug build, warm, `kakeibo
-- --version` 0.02 s). Like 0012, a partial index: it holds only the receipt events.
CREATE INDEX events_receipts_scanned ON events(position) WHERE type = 'ReceiptScanned';
