-- Sync's rebase drops a file's unsynced tail before appending the server's order of the same
-- events, and the projections must go back to the synced position first. A fold cannot be undone
-- from the events, so each write that folds unsynced events on a file that syncs keeps here the
-- SQLite changeset that undoes what it changed (ChangeRecorder, ProjectionUndo). Before this a
-- rebase folded every event again: 7.84 s of an 8.4 s sync of one event on a 100k-event ledger.
--
-- Not a projection: replay leaves it alone (a replay rebuilds the same rows, so the changesets
-- still apply), and a rebase or a sync forgets the rows it no longer needs. Rows cover the log
-- positions after_position < p <= through_position in `seq` order; a rebase uses them only when
-- they tile the dropped tail exactly, and falls back to a fold from the first event otherwise.
CREATE TABLE projection_undo (
    seq              INTEGER PRIMARY KEY,
    after_position   INTEGER NOT NULL CHECK (after_position >= 0),
    through_position INTEGER NOT NULL CHECK (through_position >= after_position),
    changeset        BLOB    NOT NULL
);
