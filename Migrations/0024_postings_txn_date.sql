-- Budget spending (the budget report, widgets, the web app's home after every capture) sums the
-- expense postings of a date range. Through transactions_by_date that is one primary-key lookup of
-- postings per transaction and one of accounts per posting: on a 100k-event ledger (8,333
-- transactions in the month) the month's daily net took 48-75 ms in sqlite3, and home after a
-- capture 95 ms median in the server (webapp-figures.sh, release, load 6-8; the issue's bound is
-- 50 ms). With each posting carrying its transaction's date and a covering index led by it, the
-- same sum is one range scan of the index: 1-2 ms. The cost: the file grows 15 % (138 -> 159 MB)
-- and each folded posting updates one more index.
-- `txn_date` is the transaction's date (not a per-posting date, which postings do not have): the
-- projector writes it with the posting and rewrites both when an edit moves the transaction.
ALTER TABLE postings ADD COLUMN txn_date TEXT NOT NULL DEFAULT '';
UPDATE postings SET txn_date = (SELECT t.date FROM transactions t WHERE t.txn_id = postings.txn_id);
CREATE INDEX postings_by_date ON postings(txn_date, account_id, currency, amount);
