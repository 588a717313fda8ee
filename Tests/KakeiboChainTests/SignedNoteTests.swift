import KakeiboChain
import XCTest

/// C2SP signed notes: Go's `golang.org/x/mod/sumdb/note` example (its test key and note, the reference
/// every signed-note implementation checks against), round trips, and tampering.
final class SignedNoteTests: XCTestCase {
    static let peterVerifier = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
    static let peterSigner = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz"
    static let text = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n"
    static let note = text + "\n\u{2014} PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n"

    func testGoExampleNoteVerifiesWithItsKey() throws {
        let verifier = try SignedNote.Verifier(Self.peterVerifier)
        XCTAssertEqual(verifier.name, "PeterNeumann")
        XCTAssertEqual(verifier.keyID, 0xc74f20a3)
        XCTAssertEqual(verifier.description, Self.peterVerifier, "a verifier key reads and writes back byte for byte")
        let note = try SignedNote(parsing: Self.note)
        XCTAssertEqual(note.text, Self.text)
        XCTAssertEqual(note.description, Self.note)
        XCTAssertNotNil(note.signature(by: verifier))
    }

    func testGoExampleSignerGivesItsVerifierAndItsSignature() throws {
        let signer = try NoteSigner(privateKeyText: Self.peterSigner)
        XCTAssertEqual(signer.verifier.description, Self.peterVerifier)
        XCTAssertEqual(signer.privateKeyText, Self.peterSigner)
        let signed = SignedNote(text: Self.text, signatures: [try signer.sign(Self.text)])
        // Ed25519 is deterministic (RFC 8032) and swift-crypto on Linux is BoringSSL's; Apple's CryptoKit adds randomness.
        #if os(Linux)
        XCTAssertEqual(signed.description, Self.note)
        #endif
        XCTAssertNotNil(try SignedNote(parsing: signed.description).signature(by: signer.verifier))
    }

    func testTamperedTextNameOrSignatureDoesNotVerify() throws {
        let verifier = try SignedNote.Verifier(Self.peterVerifier)
        let textChanged = try SignedNote(parsing: Self.note.replacingFirst("cryptography", with: "cryptographY"))
        XCTAssertNil(textChanged.signature(by: verifier))
        let signatureChanged = try SignedNote(parsing: Self.note.replacingFirst("x08go", with: "x08gp"))
        XCTAssertNil(signatureChanged.signature(by: verifier))
        let other = try NoteSigner(name: "PeterNeumann")
        XCTAssertNil(try SignedNote(parsing: Self.note).signature(by: other.verifier), "same name, another key: another key ID")
    }

    func testMalformedNotesAndKeysAreRefusedSayingWhy() {
        XCTAssertThrowsError(try SignedNote(parsing: Self.text)) { XCTAssertEqual($0 as? SignedNoteError, .noSignatures) }
        XCTAssertThrowsError(try SignedNote(parsing: String(Self.note.dropLast()))) { XCTAssertEqual($0 as? SignedNoteError, .noFinalLineBreak) }
        XCTAssertThrowsError(try SignedNote(parsing: Self.text + "\n- PeterNeumann abcd\n")) {
            XCTAssertEqual($0 as? SignedNoteError, .badSignatureLine(1, "- PeterNeumann abcd"))
        }
        XCTAssertThrowsError(try SignedNote.Verifier("PeterNeumann+c74f20a4+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"), "wrong key ID")
        XCTAssertThrowsError(try SignedNote.Verifier("Peter Neumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"), "space in name")
        XCTAssertThrowsError(try NoteSigner(privateKeyText: Self.peterSigner.replacingFirst("c74f20a3", with: "c74f20a4")))
    }

    func testCosignaturesAddUpAndUnknownOnesAreKept() throws {
        let server = try NoteSigner(name: "household.example/kakeibo")
        let phone = try NoteSigner(name: "phone-1")
        let body = "ledger-1\n3\nAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n"
        var note = SignedNote(text: body, signatures: [try server.sign(body)])
        note = note.adding(try phone.sign(body)).adding(try phone.sign(body))
        XCTAssertEqual(note.signatures.count, 2, "a second cosignature by the same key replaces the first")
        let read = try SignedNote(parsing: note.description)
        XCTAssertEqual(read, note)
        XCTAssertNotNil(read.signature(by: server.verifier))
        XCTAssertNotNil(read.signature(by: phone.verifier))
        let reread = try NoteSigner(privateKeyText: phone.privateKeyText)
        XCTAssertEqual(reread.verifier, phone.verifier)
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// The witness's verdicts, on trees built in memory.
final class WitnessVerdictTests: XCTestCase {
    func leaves(_ count: Int, salt: UInt8 = 0) -> [Digest32] {
        (0..<count).map { Digest32(bytes: [UInt8](repeating: UInt8(truncatingIfNeeded: $0) ^ salt, count: 31) + [salt])! }
    }

    func checkpoint(_ chain: [Digest32], _ size: Int) throws -> Checkpoint {
        let source = MerkleLeaves(chain.prefix(size).map { MerkleHash.leaf(chainHash: $0) })
        return Checkpoint(origin: "ledger-1", size: UInt64(size), root: try MerkleTree.root(size: UInt64(size), in: source))
    }

    func testAnExtendedTreeIsConsistentAndAForkIsNot() throws {
        let history = leaves(40)
        let fork = Array(history.prefix(17)) + leaves(23, salt: 9)
        let seen = try checkpoint(history, 21), later = try checkpoint(history, 40), forked = try checkpoint(fork, 40)
        let path = try MerkleTree.consistencyPath(oldSize: 21, newSize: 40, in: MerkleLeaves(history.map { MerkleHash.leaf(chainHash: $0) }))
        XCTAssertEqual(Witness.verdict(seen: seen, shown: later, path: path), .consistent)
        XCTAssertEqual(Witness.verdict(seen: seen, shown: seen, path: []), .consistent)
        let forkPath = try MerkleTree.consistencyPath(oldSize: 21, newSize: 40, in: MerkleLeaves(fork.map { MerkleHash.leaf(chainHash: $0) }))
        XCTAssertEqual(Witness.verdict(seen: seen, shown: forked, path: forkPath), .unproven, "the fork's own path cannot start from the seen root")
        XCTAssertEqual(Witness.verdict(seen: seen, shown: forked, path: path), .unproven)
        XCTAssertEqual(Witness.verdict(seen: seen, shown: later, path: nil), .unproven)
        XCTAssertEqual(Witness.verdict(seen: later, shown: forked, path: []), .differentRoot)
        XCTAssertEqual(Witness.verdict(seen: later, shown: seen, path: []), .rolledBack)
    }

    func testStreamingRootIsTheTreeRootAtEverySize() throws {
        let chain = leaves(70)
        var streaming = Witness.StreamingRoot()
        XCTAssertEqual(streaming.root, MerkleHash.emptyRoot)
        for size in 1...70 {
            streaming.append(chainHash: chain[size - 1])
            XCTAssertEqual(streaming.root, try checkpoint(chain, size).root, "size \(size)")
        }
    }
}
