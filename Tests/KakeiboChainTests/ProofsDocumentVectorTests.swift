import KakeiboChain
import XCTest

/// The numbers of Documentation/Proofs.md §7, so a stranger's verifier tested against the page
/// is tested against what the ledger computes: if this fails, the page is wrong.
final class ProofsDocumentVectorTests: XCTestCase {
    func testChainHashOfTheExampleEvent() {
        let envelope = #"{"actor":"alice","commandHash":null,"commandId":"c1","eventId":"e1","idempotencyKey":null,"occurredOn":"2026-11-01","position":1,"provenance":null,"recordedAt":1793491200000,"schemaVersion":1,"source":"manual","stream":"txn-t1","streamVersion":1,"type":"ExpenseCaptured"}"#
        let hash = ChainHash.hash(previous: ChainHash.genesis, header: Array(envelope.utf8), payload: Array(#"{"amount":95000}"#.utf8))
        XCTAssertEqual(Digest32(bytes: hash)?.hex, "e0833581e5e2872cf02220ec3ae2609411aa7e4ed11716f6df6ca3c9fe283ba7")
    }

    func testTreeOfFiveEvents() throws {
        // SHA-256 of the one byte i (ChainHash over no previous hash and no payload is plain SHA-256).
        let chain = (0..<5).map { Digest32(bytes: ChainHash.hash(previous: [], header: [UInt8($0)], payload: []))! }
        XCTAssertEqual(chain.map(\.hex), [
            "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
            "4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a",
            "dbc1b4c900ffe48d575b5da5c638040125f65db0fe3e24494b76ea986457d986",
            "084fed08b978af4d7d196a7446a86b58009e636b611db16211b65a9aadff29c5",
            "e52d9c508c502347344d8c07ad91cbd6068afc75ff6292f062a09ca381c89e71",
        ])
        let leaves = chain.map(MerkleHash.leaf(chainHash:))
        XCTAssertEqual(leaves.map(\.hex), [
            "d9de27625445003d8a9739a851e3ff8d41c0683630b4d63a88327a6aaa37c409",
            "9d1843c1a24a654a39ff3448714bc9fe69da0170fa390b1ac67047377ba72f0e",
            "27d02c8f713c90ea0c37901129db86ac03186ee22a1f6f13da67e6b5bcee2044",
            "36e4970e7c84e559ed7290304c3c0672289a6918e7746d48397b0e122db7748f",
            "12d24297164ffddfd8febbd02275c3c5ff24916dc71d5f3476931480854b3113",
        ])
        let tree = MerkleLeaves(leaves)
        let roots = try (2...5).map { try MerkleTree.root(size: UInt64($0), in: MerkleLeaves(Array(leaves.prefix($0)))) }
        XCTAssertEqual(roots.map(\.hex), [
            "604d540f09268b91672ab011394d5266ccd7d4484d0d109411a55848126a1b2c",
            "d1f13800048f5909d4043fc0c152f6643280cba608b672715e56ce159a20629f",
            "0dcc2b645c00dfa2338e1c7ac2c4b570beda5a476d58836e55e28bde55e6bee1",
            "6b313b611b40676b9e1dfd70c4503f2379f88f0f1c2740fb7e1cacc32c113465",
        ])
        let path = try MerkleTree.inclusionPath(index: 2, size: 5, in: tree)
        XCTAssertEqual(path, [leaves[3], roots[0], leaves[4]])
        XCTAssertEqual(try MerkleProof.rootFromInclusion(leaf: leaves[2], index: 2, size: 5, path: path), roots[3])
        let consistency = try MerkleTree.consistencyPath(oldSize: 3, newSize: 5, in: tree)
        XCTAssertEqual(consistency, [leaves[2], leaves[3], roots[0], leaves[4]])
        XCTAssertTrue(MerkleProof.verifyConsistency(oldSize: 3, newSize: 5, oldRoot: roots[1], newRoot: roots[3], path: consistency))
    }
}
