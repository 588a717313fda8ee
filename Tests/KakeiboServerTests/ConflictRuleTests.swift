import KakeiboSync
import XCTest

/// The pure parts of sync, without PostgreSQL: the conflict rule, tokens and remotes.
final class ConflictRuleTests: XCTestCase {
    func edit(_ fields: String...) -> String {
        "{\"changes\":[" + fields.map { "{\"after\":1,\"before\":0,\"field\":\"\($0)\"}" }.joined(separator: ",") + "],\"reason\":null,\"txn\":\"t\"}"
    }

    func testEditsOfDifferentFieldsMergeAndOfTheSameFieldConflict() {
        XCTAssertEqual(ConflictRule.outcome(type: "TransactionEdited", payload: edit("payee"), since: []), .appended)
        XCTAssertEqual(ConflictRule.outcome(type: "TransactionEdited", payload: edit("payee"),
                                            since: [("e1", "TransactionEdited", edit("amount"))]), .merged)
        XCTAssertEqual(ConflictRule.outcome(type: "TransactionEdited", payload: edit("amount", "memo"),
                                            since: [("e1", "TransactionEdited", edit("payee")), ("e2", "TransactionEdited", edit("memo"))]),
                       .conflicted(fields: ["memo"], kept: ["e2"]))
        // Amount, accounts and postings all rewrite the postings: one field for the rule.
        XCTAssertEqual(ConflictRule.outcome(type: "TransactionEdited", payload: edit("postings"),
                                            since: [("e1", "TransactionEdited", edit("amount"))]),
                       .conflicted(fields: ["amount"], kept: ["e1"]))
    }

    func testAVoidWinsOverAConcurrentEdit() {
        XCTAssertEqual(ConflictRule.outcome(type: "TransactionEdited", payload: edit("payee"),
                                            since: [("v", "TransactionVoided", "{\"reason\":null,\"txn\":\"t\"}")]),
                       .conflicted(fields: ["voided"], kept: ["v"]))
        XCTAssertEqual(ConflictRule.outcome(type: "TransactionVoided", payload: "{\"reason\":null,\"txn\":\"t\"}",
                                            since: [("e1", "TransactionEdited", edit("payee"))]), .merged)
    }

    func testUnknownEventTypesPassByTheirBytes() {
        // A type this build has never heard of (another engineer's new event) is sequenced, not refused.
        XCTAssertEqual(ConflictRule.outcome(type: "FutureThingHappened", payload: "{\"x\":1}",
                                            since: [("e1", "FutureThingHappened", "{\"x\":2}")]), .merged)
    }

    func testTokensRoundTripAndRefuseLookalikes() throws {
        let token = DeviceToken.generate()
        XCTAssertEqual(DeviceToken(token.description), token)
        XCTAssertEqual(token.description.count, 4 + 12 + 1 + 43)
        XCTAssertTrue(token.matches(storedSHA256: token.secretSHA256))
        XCTAssertFalse(token.matches(storedSHA256: DeviceToken.generate().secretSHA256))
        XCTAssertNil(DeviceToken("kkb_short_secret"))
        XCTAssertNil(DeviceToken("xyz_" + token.description.dropFirst(4)))
        XCTAssertNotEqual(DeviceToken.generate(), DeviceToken.generate())
    }

    func testRemotesNameAServerAndALedger() throws {
        let remote = try SyncRemote("http://127.0.0.1:8080/ledgers/home")
        XCTAssertEqual(remote.server.absoluteString, "http://127.0.0.1:8080")
        XCTAssertEqual(remote.ledger, "home")
        XCTAssertEqual(try SyncRemote("http://127.0.0.1:8080/v1/ledgers/home/").ledger, "home")
        XCTAssertThrowsError(try SyncRemote("127.0.0.1:8080/home"))
        XCTAssertThrowsError(try SyncRemote("http://127.0.0.1:8080/home"))
    }
}
