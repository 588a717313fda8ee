import Foundation
import KakeiboChain
import KakeiboServer
import KakeiboSync
import XCTest

/// The server's stored Merkle tree keeps subtrees of 16 leaves and up (server migration 4): every root and
/// consistency proof it serves, at sizes inside a chunk and across chunks, is RFC 9162's over the log's chain
/// hashes, and no row below level 4 is written.
final class ServerTreeChunkTests: ServerTestCase {
    func testRootsAndProofsAtEverySizeMatchTheLogWithOnlyChunksStored() async throws {
        try await withServer { h in
            let token = try await h.token(device: "a")
            let ledger = try h.makeLedger("a", seed: 1)
            var sizes: [UInt64] = []
            // Pushes of 1, 5, 17, 3 and 40 events: heads inside a chunk, on a chunk's edge and several chunks on.
            for count in [1, 5, 17, 3, 40] {
                for i in 0..<count { try h.expense(ledger, "\(i + 1).00") }
                _ = try await h.sync(h.path("a"), token: token)
                let head = try await h.sql("SELECT max(position)::text FROM kakeibo_events e JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = '\(h.ledger)'")
                sizes.append(UInt64(try XCTUnwrap(head[0][0].flatMap(UInt64.init))))
            }
            let hashes = try await h.sql("""
                SELECT e.hash FROM kakeibo_events e JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = '\(h.ledger)' ORDER BY position
                """).map { try XCTUnwrap($0[0].flatMap { Digest32(hex: $0) }) }
            let leaves = hashes.map { MerkleHash.leaf(chainHash: $0) }
            func root(_ range: Range<Int>) -> Digest32 {
                if range.count == 1 { return leaves[range.lowerBound] }
                var k = 1
                while k * 2 < range.count { k *= 2 }
                return MerkleHash.node(root(range.lowerBound..<range.lowerBound + k), root(range.lowerBound + k..<range.upperBound))
            }
            let newest = try XCTUnwrap(sizes.last)
            XCTAssertEqual(Int(newest), leaves.count)
            for old in Set(sizes + [1, 15, 16, 17, 31, 32, 33, newest - 1]) where old <= newest {
                let reply = try await h.store.consistency(ledger: h.ledger, bearer: token, from: old, to: newest)
                XCTAssertEqual(reply.oldRoot, root(0..<Int(old)).hex, "root of \(old)")
                XCTAssertEqual(reply.root, root(0..<Int(newest)).hex)
                XCTAssertTrue(MerkleProof.verifyConsistency(oldSize: old, newSize: newest, oldRoot: try XCTUnwrap(Digest32(hex: reply.oldRoot)),
                                                            newRoot: try XCTUnwrap(Digest32(hex: reply.root)),
                                                            path: try reply.path.map { try XCTUnwrap(Digest32(hex: $0)) }),
                              "consistency \(old) → \(newest)")
            }
            let levels = try await h.sql("""
                SELECT min(level)::text, count(*)::text FROM kakeibo_tree_nodes n JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = '\(h.ledger)'
                """)
            XCTAssertEqual(levels[0][0], "4", "only subtrees of 16 leaves and up are stored")
            // One node of level 4 per whole chunk, one of level 5 per two, and so on.
            var expected = 0, chunks = Int(newest) / 16
            while chunks > 0 { expected += chunks; chunks /= 2 }
            XCTAssertEqual(levels[0][1], String(expected))
        }
    }
}
