/// Migration 4: the stored Merkle tree keeps subtrees of 16 leaves and up, as a device's ledger file
/// does (`MerkleNodeStore.storedLevel`). Frozen once shipped.
///
/// Why: with every level stored, appending n events wrote < 2n rows, and on a 100,004-event adoption
/// those rows were half of the server's insert time (`KAKEIBO_SYNC_TRACE`, release, load 7-11:
/// 6.7 s of 13.8 s in 220 extensions of 500 events). From level 4 up it is about n/8 rows; the
/// levels below are hashed again from the events' chain hashes, at most 15 of them a subtree, when a
/// root or a proof needs one (`ServerStore+Tree`). The rows below level 4 are dropped.
extension ServerMigration {
    static let v4TreeChunks = ServerMigration(version: 4, name: "tree-chunks", statements: [
    "DELETE FROM kakeibo_tree_nodes WHERE level < 4",
    "ALTER TABLE kakeibo_tree_nodes ADD CONSTRAINT kakeibo_tree_nodes_chunks CHECK (level >= 4)",
    ])
}
