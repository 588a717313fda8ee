import GRDB
import KakeiboDomain
import KakeiboLedger
import XCTest

/// Importing a receipt: ReceiptScanned then ExpenseCaptured in one transaction, keyed by the image digest.
final class ReceiptImportLedgerTests: LedgerTestCase {
    func input(sha: Character = "a", total: Int64? = 1250, date: String? = "2026-11-20", payee: String? = "Corner Shop Sdn Bhd",
               account: String = "assets:cash", category: String? = nil, needsReview: Bool = false) throws -> LedgerCommand.ReceiptInput {
        let scan = LedgerCommand.ReceiptReading(
            imageSHA256: String(repeating: sha, count: 64),
            engine: .init(name: "tesseract", version: "5.3.0", language: "eng"), preprocessing: ["grayscale"],
            rows: [.init(index: 0, text: payee ?? "?", box: [0, 0, 9000, 300], confidenceBasisPoints: 9000),
                   .init(index: 1, text: "TOTAL 12.50", box: [0, 5000, 9000, 300], confidenceBasisPoints: 8000)],
            fields: ["total": .init(value: .minorUnits(total ?? 0), confidenceBasisPoints: 8000, rows: [1])],
            warnings: [])
        return .init(reading: scan, total: total.map { Money(minorUnits: $0, currency: .usd) },
                     date: try date.map { try LocalDate(iso: $0) }, payee: payee, account: account, category: category,
                     needsReview: needsReview)
    }

    func testAReceiptAppendsTheScanThenTheExpenseItProduced() throws {
        let before = try ledger.head().position
        let result = try ledger.importReceipt(try input(), provenance: "shop.jpg")
        XCTAssertFalse(result.alreadyRecorded)
        XCTAssertEqual(result.events.map(\.type), ["AccountOpened", "ReceiptScanned", "ExpenseCaptured"],
                       "expenses:unknown is opened on first use")
        XCTAssertEqual(result.positions, Array(before + 1...before + 3))
        guard case .receiptScanned(let scan) = result.events[1], case .expenseCaptured(let expense) = result.events[2] else {
            return XCTFail("\(result.events)")
        }
        XCTAssertEqual(expense.receiptID, scan.receiptID)
        XCTAssertEqual(result.receiptID, scan.receiptID)
        XCTAssertEqual(result.transactionID, expense.transactionID)
        XCTAssertFalse(expense.needsReview)
        XCTAssertEqual(expense.payee, "Corner Shop Sdn Bhd")
        XCTAssertEqual(expense.date.description, "2026-11-20")
        XCTAssertEqual(try balanceLines().filter { $0.hasPrefix("assets:cash") || $0.hasPrefix("expenses:unknown") },
                       ["assets:cash,USD,-12.50", "expenses:unknown,USD,12.50"])
        let envelopes = try withRawDatabase { db in
            try Row.fetchAll(db, sql: "SELECT source, provenance, command_id FROM events WHERE position > ?", arguments: [before])
        }
        XCTAssertEqual(Set(envelopes.map { $0["command_id"] as String }).count, 1, "one command, one transaction")
        XCTAssertEqual(envelopes.map { $0["source"] as String }, Array(repeating: "receipt", count: 3))
        XCTAssertEqual(envelopes.map { $0["provenance"] as String? }, Array(repeating: "shop.jpg", count: 3))

        // A second receipt reuses the account; a third with the same image appends nothing.
        let second = try ledger.importReceipt(try input(sha: "b", total: 880))
        XCTAssertEqual(second.events.map(\.type), ["ReceiptScanned", "ExpenseCaptured"])
        let head = try ledger.head()
        let again = try ledger.importReceipt(try input(sha: "b", total: 999))
        XCTAssertTrue(again.alreadyRecorded)
        XCTAssertEqual(again.transactionID, second.transactionID, "says which transaction it already became")
        XCTAssertEqual(again.receiptID, second.receiptID)
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertEqual(try ledger.replayDifferences(), [])
        XCTAssertNil(try ledger.verify().logProblem)
    }

    func testADryRunShowsTheEventsAndAppendsNothing() throws {
        let head = try ledger.head()
        let preview = try ledger.importReceipt(try input(), dryRun: true)
        XCTAssertEqual(preview.events.map(\.type), ["AccountOpened", "ReceiptScanned", "ExpenseCaptured"])
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertNil(try ledger.account(named: "expenses:unknown"), "the projection was rolled back too")
        XCTAssertEqual(try ledger.replayDifferences(), [])
        let real = try ledger.importReceipt(try input())
        XCTAssertFalse(real.alreadyRecorded, "a dry run does not spend the idempotency key")
    }

    func testReviewIsNeededWhenAKeyFieldIsMissingOrUncertain() throws {
        let noDate = try ledger.importReceipt(try input(sha: "1", date: nil))
        guard case .expenseCaptured(let dated)? = noDate.events.last else { return XCTFail() }
        XCTAssertEqual(dated.date, try ledger.today(), "a missing date becomes today in the ledger's zone")
        XCTAssertTrue(dated.needsReview)
        XCTAssertTrue(try ledger.importReceipt(try input(sha: "2", payee: nil)).needsReview, "no merchant")
        XCTAssertTrue(try ledger.importReceipt(try input(sha: "3", needsReview: true)).needsReview, "a low-confidence field")
        XCTAssertFalse(try ledger.importReceipt(try input(sha: "4", total: 990)).needsReview)
    }

    /// Issue 13 item 7: the same receipt re-saved (another digest) with the same payee, date, total and time is
    /// refused, appending nothing, unless allowed; another purchase (a different total) is not a duplicate.
    func testAnotherImageOfAReceiptAlreadyImportedIsRefusedUnlessAllowed() throws {
        let first = try ledger.importReceipt(try input(sha: "a"))
        let head = try ledger.head()
        XCTAssertThrowsError(try ledger.importReceipt(try input(sha: "b"))) { error in
            XCTAssertEqual(error as? LedgerError, .duplicateReceipt(transactionID: try! XCTUnwrap(first.transactionID)))
        }
        XCTAssertEqual(try ledger.head(), head, "nothing appended")
        XCTAssertTrue(try ledger.importReceipt(try input(sha: "a")).alreadyRecorded, "the same image is still 'already imported'")
        XCTAssertFalse(try ledger.importReceipt(try input(sha: "c", total: 1251)).alreadyRecorded, "another total: another purchase")
        let allowed = try ledger.importReceipt(try input(sha: "b"), allowDuplicate: true)
        XCTAssertEqual(allowed.events.map(\.type), ["ReceiptScanned", "ExpenseCaptured"])
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }

    func testAReceiptWithoutATotalIsRefusedAndLeavesTheLogAsItWas() throws {
        let head = try ledger.head()
        XCTAssertThrowsError(try ledger.importReceipt(try input(total: nil))) { error in
            XCTAssertEqual(error as? LedgerError, .receiptWithoutTotal)
        }
        XCTAssertThrowsError(try ledger.importReceipt(try input(sha: "c", account: "assets:nowhere"))) { error in
            XCTAssertEqual(error as? LedgerError, .unknownAccount("assets:nowhere"))
        }
        XCTAssertThrowsError(try ledger.importReceipt(try input(sha: "d", account: "assets:euro"))) { error in
            guard case .currencyMismatch? = error as? LedgerError else { return XCTFail("\(error)") }
        }
        var control = try input(sha: "e")
        control.reading.rows[0].text = "EVIL\u{1B}[2J"
        XCTAssertThrowsError(try ledger.importReceipt(control)) { error in
            guard case .invalidReceipt? = error as? LedgerError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try ledger.head(), head)
        // The refused image was not spent: once readable, it imports.
        XCTAssertFalse(try ledger.importReceipt(try input()).alreadyRecorded)
    }

    func testAConfidentSuggestionChoosesTheCategory() throws {
        for (index, amount) in ["12", "14", "9.50"].enumerated() {
            try expense(amount, category: "dining", payee: "Noodle House \(index)")
        }
        try expense("40", category: "groceries", payee: "Green Grocer")
        let suggested = try ledger.importReceipt(try input(payee: "NOODLE HOUSE SDN BHD"))
        guard case .expenseCaptured(let expense)? = suggested.events.last else { return XCTFail() }
        XCTAssertEqual(try ledger.account(id: expense.toAccountID)?.name.rawValue, "expenses:dining")
        XCTAssertEqual(expense.suggestion?.accountID, expense.toAccountID, "the event says the category was suggested")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(expense.suggestion).confidenceBasisPoints, AppliedSuggestion.defaultThreshold)
        let unknown = try ledger.importReceipt(try input(sha: "f", payee: "Hardware Teguh"))
        guard case .expenseCaptured(let other)? = unknown.events.last else { return XCTFail() }
        XCTAssertEqual(try ledger.account(id: other.toAccountID)?.name.rawValue, "expenses:unknown",
                       "no confident suggestion: uncategorised")
        XCTAssertNotNil(other.suggestion, "an abstention is recorded too")
        XCTAssertNil(other.suggestion?.accountID)
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }

    func testReceiptShowFindsTheScanByTransactionOrReceiptId() throws {
        let result = try ledger.importReceipt(try input(), provenance: "shop.jpg")
        let txn = try XCTUnwrap(result.transactionID), receipt = try XCTUnwrap(result.receiptID)
        for id in [txn, String(txn.suffix(8)), receipt, String(receipt.suffix(8))] {
            let record = try ledger.receipt(matching: id)
            XCTAssertEqual(record.scan.receiptID, receipt, id)
            XCTAssertEqual(record.transactionID, txn, id)
            XCTAssertEqual(record.provenance, "shop.jpg")
            XCTAssertEqual(record.transaction?.amount, Money(minorUnits: 1250, currency: .usd))
        }
        let manual = try expense("5")
        XCTAssertThrowsError(try ledger.receipt(matching: manual)) { error in
            XCTAssertEqual(error as? LedgerError, .unknownReceipt(manual, isTransaction: true))
        }
        XCTAssertThrowsError(try ledger.receipt(matching: "ffffffff")) { error in
            XCTAssertEqual(error as? LedgerError, .unknownReceipt("ffffffff", isTransaction: false))
        }
        // A correction is an ordinary edit; show reports the expense as it stands now.
        try ledger.record(.editTransaction(.init(id: txn, amount: "12.60", category: "groceries", reason: "misread")))
        XCTAssertEqual(try ledger.receipt(matching: txn).transaction?.amount, Money(minorUnits: 1260, currency: .usd))
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }
}

extension ReceiptImportLedgerTests {
    /// Issue 13 item 6: flagged receipts can be listed, and an edit of the expense (the person's look at it) clears
    /// the flag; a receipt read surely is never listed as needing review.
    func testFlaggedReceiptsAreListedUntilTheirExpenseIsEdited() throws {
        let flagged = try ledger.importReceipt(try input(sha: "a", needsReview: true))
        let sure = try ledger.importReceipt(try input(sha: "b", total: 4410))
        XCTAssertEqual(try ledger.receipts().map(\.transaction?.id), [flagged.transactionID, sure.transactionID])
        XCTAssertEqual(try ledger.receipts(needingReview: true).map(\.transaction?.id), [flagged.transactionID])
        try ledger.record(.editTransaction(.init(id: try XCTUnwrap(flagged.transactionID), amount: "12.60", reason: "checked the receipt")))
        XCTAssertEqual(try ledger.receipts(needingReview: true), [])
        let listed = try XCTUnwrap(try ledger.receipts().first)
        XCTAssertTrue(listed.flagged, "the import's flag is kept; the edit history shows the review")
        XCTAssertFalse(listed.needsReview)
    }
}
