import Foundation
import KakeiboServer
import KakeiboSync
import KakeiboTestSupport
import XCTest

/// The web app's commands as a person types them (issue 31): `server invite` prints a link that signs a
/// browser in once, `server token list` shows the browser, and a photo uploaded in the browser is written
/// out byte-identical by `receipts show ID --image FILE` on a CLI device after `kakeibo sync`.
final class WebCLITests: ServerProcessTestCase {
    func testInviteTokenListAndAPhotoWrittenOutByteIdenticalOnASyncedDevice() async throws {
        let (url, ledger) = (postgresURL!, ledgerName!)
        _ = try ok(["server", "init", "--postgres", url, "--ledger", ledger])
        let token = try ok(["server", "token", "--postgres", url, "--ledger", ledger, "--member", "alice", "--device", "laptop"])
        let a = directory.appendingPathComponent("a.sqlite").path
        _ = try ok(["--db", a, "init", "--currency", "USD"])
        _ = try ok(["--db", a, "account", "open", "assets:checking", "--type", "asset"])
        let remote = try startServer()
        _ = try ok(["--db", a, "sync", "--remote", remote.description, "--token", token])

        let link = try ok(["server", "invite", "--postgres", url, "--ledger", ledger, "--member", "alice", "--scope", "write",
                           "--base-url", "https://books.example.org/"])
        XCTAssertTrue(link.hasPrefix("https://books.example.org/join/"), link)
        XCTAssertEqual(link.split(separator: "\n").count, 1, "the link alone on stdout")
        let code = String(link.split(separator: "/").last!)
        let refused = try kakeibo(["server", "invite", "--postgres", url, "--ledger", ledger, "--member", "alice", "--scope", "admin"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)

        let photo = Array(try Data(contentsOf: WebReceiptTests.fixtures.appendingPathComponent("receipts/synthetic/syn-02-us-diner.jpg")))
        let (txn, browser) = try await HouseholdServer.withStore(postgres: url) { store in
            let caller = try await store.redeemInvite(code: code, userAgent: "test").caller
            let recorded = try await store.recordReceipt(image: photo, filename: "IMG_0002.jpg", ledger: ledger, caller: caller,
                                                         idempotencyKey: "r", account: "assets:checking")
            return (recorded.result.transactionID!, caller.deviceId)
        }
        let list = try ok(["server", "token", "list", "--postgres", url, "--ledger", ledger])
        XCTAssertTrue(list.contains(browser) && list.contains("browser"), list)
        XCTAssertTrue(list.contains("laptop") && list.contains("token"), list)

        XCTAssertTrue(try ok(["--db", a, "sync"]).contains("pulled"), "the receipt comes down")
        let out = directory.appendingPathComponent("photo.jpg").path
        _ = try ok(["--db", a, "receipts", "show", txn, "--image", out])
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: out))), photo, "byte-identical")
    }
}
