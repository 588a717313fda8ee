-- Provable books (issue 34): the RFC 9162 Merkle tree over the events' chain hashes, in position
-- order (leaf i is event i + 1). A projection: derived from the log, rebuilt by replay, compared by
-- replay --check and verify; never the truth.
--
-- Only the perfect subtrees of 16 leaves and more are kept (level >= 4): the row for (level, idx)
-- is the root over leaves idx * 2^level ..< (idx + 1) * 2^level. A smaller subtree is recomputed
-- from at most 16 stored chain hashes, so the table holds about n / 8 rows, not 2n.
-- An existing ledger's tree is built on its next open by a writer (MerkleNodeStore.catchUp).
CREATE TABLE merkle_nodes (
    level INTEGER NOT NULL CHECK (level >= 4 AND level < 64),
    idx   INTEGER NOT NULL CHECK (idx >= 0),
    hash  BLOB    NOT NULL CHECK (length(hash) = 32),
    PRIMARY KEY (level, idx)
) WITHOUT ROWID;
