import KakeiboDomain
import KakeiboEventStore
import XCTest

/// Issue 12, item 3: the libraries say what is wrong, with its data, in words any front end can show; what to type
/// (`kakeibo …`, an option) is the CLI's `ErrorMessage`, pinned by the refusal goldens.
final class NeutralErrorWordingTests: XCTestCase {
    static let ledgerErrors: [LedgerError] = [
        .ledgerNotInitialised, .ledgerAlreadyInitialised, .invalidAccountName("a::b", reason: "it has an empty part between colons"),
        .accountTypeNotInferred("stuff"), .unknownAccount("assets:nope"), .nothingToRead("travel", didYouMean: "expenses:travel"),
        .nothingToRead("travel", didYouMean: nil), .accountExists("assets:cash"), .accountClosed("assets:old"),
        .accountNotEmpty("assets:cash", balance: "10.00 USD"), .categoryNotEmpty("expenses:food", balance: "4.00 USD"),
        .wrongAccountType("income:salary", is: .income, expected: "an expense"), .unknownCategory("nosuch"), .rootIsNotACategory("expenses"),
        .noIncomeInCurrency("EUR", base: "USD"), .categoryExists("food"), .categoryArchived("old"),
        .currencyMismatch(account: "assets:euro", accountCurrency: "EUR", amountCurrency: "USD"), .unbalanced("USD off by 1.00"),
        .zeroAmount, .tooFewPostings, .money(.overflow), .balanceOverflow(account: "assets:cash", total: false),
        .unreadableProjection(table: "balances", column: "amount"), .unfoldableEvent(position: 3, reason: "bad"),
        .inadmissible(AdmissionRefusal(.unknownAccount, "transaction t posts to account a, which was never opened")),
        .date(.invalidFormat("x")), .invalidText(field: "payee", reason: "it contains a control character"), .invalidHue(400),
        .unknownTransaction("deadbeef"), .sameAccount("assets:cash"),
        .rootChange("assets:cash", to: "expenses:cash", type: .asset, root: "assets"), .ambiguousTransaction("01", matches: 3),
        .transactionVoided("t"), .nothingToChange, .fieldNotEditable("postings", kind: .expense), .fieldNotEditable("category", kind: .transfer),
        .malformedEvent(type: "ExpenseCaptured", reason: "bad"), .unknownEventType("Future", schemaVersion: 9),
        .positionBeyondLog(999, last: 9), .invalidPeriod("2026-13"), .nonPositiveAmount(field: "budget amount"), .noBudget("food"),
        .notAnExpenseCategory("salary"), .receiptWithoutTotal, .duplicateReceipt(transactionID: "t"), .invalidReceipt("bad"),
        .invalidCommodity("1BTC", reason: "bad"), .unknownReceipt("t", isTransaction: true), .unknownReceipt("r", isTransaction: false),
    ]

    static let eventStoreErrors: [EventStoreError] = [
        .ledgerNotFound(path: "/l"), .ledgerExists(path: "/l"), .pathTaken(path: "/l", reason: "an empty file"),
        .noFolder(path: "/x/l", folder: "/x"), .notALedger(path: "/l", reason: "not an SQLite database"),
        .newerSchema(path: "/l", unknownMigrations: ["0099"]), .wrongExpectedVersion(stream: "s", expected: .noStream, actual: 1),
        .idempotencyConflict(key: "k"), .eventIDConflict(eventID: "e"), .unreadableEvent(position: 1, reason: "bad"),
        .readOnly(path: "/l"), .readOnlyFolder(path: "/x/l", folder: "/x"), .busy(path: "/l"), .damaged(path: nil),
        .writeFailed(path: "/l", reason: "disk full"), .tamperedLog(refusing: "replay", problem: .missingTriggers(["t"])),
        .tamperedLog(refusing: "replay", problem: .badEvent(position: 7, reason: "event missing")),
    ]

    func testNoDescriptionNamesACommandOrAnOption() {
        let descriptions = Self.ledgerErrors.map(\.description) + Self.eventStoreErrors.map(\.description)
        for description in descriptions {
            XCTAssertFalse(description.contains("kakeibo"), description)
            XCTAssertFalse(description.contains("--"), description)
            XCTAssertFalse(description.contains("`"), description)
            XCTAssertFalse(description.isEmpty)
        }
    }

    func testDescriptionsCarryTheirData() {
        XCTAssertEqual(LedgerError.unknownAccount("assets:nope").description, "unknown account \"assets:nope\"")
        XCTAssertEqual(LedgerError.fieldNotEditable("category", kind: .transfer).description,
                       "the category of a transfer transaction cannot be edited")
        XCTAssertEqual(EventStoreError.ledgerNotFound(path: "/tmp/l.sqlite").description, "no ledger at /tmp/l.sqlite")
        XCTAssertEqual(EventStoreError.tamperedLog(refusing: "replay", problem: .badEvent(position: 7, reason: "event missing")).description,
                       "refusing to replay: the log fails verification at position 7 (event missing)")
    }
}
