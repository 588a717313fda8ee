import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import KakeiboReceiptFiles
import KakeiboServer
import KakeiboSync
import XCTest

/// A receipt photo uploaded from a browser (issue 31): checked as the CLI checks it, read, recorded
/// through the server's decider, and kept as an attachment devices can fetch byte for byte.
final class WebReceiptTests: ServerTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: fixtures.appendingPathComponent(path))) }

    func testAReceiptIsRecordedWithItsPhotoKeptAndASyncedDeviceFetchesItByteForByte() async throws {
        try await withServer { h in
            let tokens = try await h.twoSyncedDevices()
            let caller = try await WebRecordTests.signIn(h)
            let photo = try Self.bytes("receipts/synthetic/syn-02-us-diner.jpg")
            let (result, reading) = try await h.store.recordReceipt(image: photo, filename: "IMG_0001.jpg", ledger: h.ledger, caller: caller,
                                                                    idempotencyKey: "form-r1", account: "assets:checking")
            let txn = try XCTUnwrap(result.transactionID)
            XCTAssertEqual(reading.scan.imageSHA256, sha256Hex(photo))
            XCTAssertNotNil(reading.receiptID)
            XCTAssertFalse(reading.scan.rows.isEmpty)
            let kept = try await h.store.attachment(ledger: h.ledger, sha256: reading.scan.imageSHA256)
            XCTAssertEqual(kept, photo)
            // The same photo again records nothing new.
            let again = try await h.store.recordReceipt(image: photo, filename: "IMG_0001.jpg", ledger: h.ledger, caller: caller,
                                                        idempotencyKey: "form-r2", account: "assets:checking")
            XCTAssertTrue(again.result.alreadyRecorded)
            XCTAssertEqual(again.result.transactionID, txn)
            // Device b syncs the events, finds the digest in its ReceiptScanned, and fetches the photo with its token.
            _ = try await h.syncBoth(tokens)
            let b = try h.open("b", seed: 2)
            let record = try b.receipt(matching: txn)
            XCTAssertEqual(record.scan.imageSHA256, reading.scan.imageSHA256)
            let response = try await h.client.executeRequest(uri: "/v1/ledgers/\(h.ledger)/attachments/\(record.scan.imageSHA256)", method: .get,
                                                             headers: [.authorization: "Bearer \(tokens.b)", HTTPField.Name("Kakeibo-Protocol")!: "1"],
                                                             body: nil)
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(Array(response.body.readableBytesView), photo, "byte-identical")
            let missing = try await h.request(.get, "attachments/" + String(repeating: "0", count: 64), token: tokens.b)
            XCTAssertEqual(missing.status, 404)
            _ = try h.settledBalances()
        }
    }

    func testHostileImagesAreRefusedInOneLineWithTheCLIsMessageAndNothingIsKept() async throws {
        try await withServer { h in
            _ = try await h.twoSyncedDevices()
            let caller = try await WebRecordTests.signIn(h)
            let before = try await h.sql("SELECT head_position::text, head_hash FROM kakeibo_ledgers WHERE name = '\(h.ledger)'")
            func refusal(_ bytes: [UInt8], _ name: String) async -> ServerError? {
                do {
                    _ = try await h.store.recordReceipt(image: bytes, filename: name, ledger: h.ledger, caller: caller, idempotencyKey: "k",
                                                        account: "assets:checking")
                    return nil
                } catch { return error as? ServerError }
            }
            let text = await refusal(Array("hello, not a photo".utf8), "note.jpg")
            XCTAssertEqual(text?.body.detail, ReceiptFileError.notAnImage(path: "note.jpg").description)
            let bomb = await refusal(try Self.bytes("hostile/bomb.png"), "bomb.png")
            XCTAssertEqual(bomb?.status.code, 422)
            XCTAssertTrue(bomb?.body.detail.hasPrefix("bomb.png") ?? false, bomb?.body.detail ?? "nil")
            XCTAssertFalse(bomb?.body.detail.contains("\n") ?? true)
            XCTAssertFalse(bomb?.body.detail.contains("kakeibo-receipt-") ?? true, "no temporary path")
            let huge = await refusal([0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: ServerStore.maximumReceiptBytes), "big.jpg")
            XCTAssertEqual(huge?.status.code, 413)
            XCTAssertEqual(huge?.body.detail, "big.jpg: 20 MiB is more than the 20 MiB a receipt image may take; scale it down")
            let after = try await h.sql("SELECT head_position::text, head_hash FROM kakeibo_ledgers WHERE name = '\(h.ledger)'")
            XCTAssertEqual(after, before)
            let attachments = try await h.sql("SELECT count(*)::text FROM kakeibo_attachments a JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = '\(h.ledger)'")
            XCTAssertEqual(attachments, [["0"]])
            // A read-scope member is refused before anything reads the photo.
            let reader = try await WebRecordTests.signIn(h, member: "bob", scope: .read)
            await assertRefused(403, "forbidden", try await h.store.recordReceipt(image: try Self.bytes("receipts/synthetic/syn-02-us-diner.jpg"),
                                                                                 filename: "a.jpg", ledger: h.ledger, caller: reader, idempotencyKey: "k"))
        }
    }
}
