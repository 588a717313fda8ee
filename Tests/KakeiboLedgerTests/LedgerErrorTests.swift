import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

/// Every refusal names the problem and leaves the log exactly as it was.
final class LedgerErrorTests: LedgerTestCase {
    func input(_ amount: String = "1", from: String = "assets:checking", to: String = "groceries",
               currency: Currency? = nil) -> LedgerCommand.MoneyInput {
        .init(amount: amount, currency: currency, date: try? LocalDate(iso: "2026-11-02"), from: from, to: to)
    }

    func testUnknownAccount() throws {
        try assertRefused(.captureExpense(input(from: "assets:nowhere"))) { $0 == .unknownAccount("assets:nowhere") }
        try assertRefused(.captureExpense(input(to: "nonsense"))) { $0 == .unknownCategory("nonsense") }
    }

    func testClosedAccount() throws {
        try ledger.record(.closeAccount(name: "assets:cash"))
        try assertRefused(.captureExpense(input(from: "assets:cash"))) { $0 == .accountClosed("assets:cash") }
    }

    func testClosingANonEmptyAccount() throws {
        try expense("5", from: "assets:cash")
        try assertRefused(.closeAccount(name: "assets:cash")) {
            if case .accountNotEmpty = $0 { return true } else { return false }
        }
    }

    /// Asset and liability accounts hold one commodity; an expense category takes any (issue 17).
    func testCurrencyMismatch() throws {
        try assertRefused(.makeTransfer(input(from: "assets:euro", to: "assets:checking"))) {
            $0 == .currencyMismatch(account: "assets:checking", accountCurrency: "USD", amountCurrency: "EUR")
        }
        XCTAssertNoThrow(try ledger.record(.captureExpense(input(from: "assets:euro"))))
        try assertRefused(.captureExpense(input(currency: Currency(code: "EUR")))) {
            if case .currencyMismatch = $0 { return true } else { return false }
        }
    }

    func testUnbalancedPostings() throws {
        try assertRefused(.recordTransaction(.init(date: nil, postings: [
            .init(account: "expenses:groceries", amount: "5"), .init(account: "assets:cash", amount: "-4"),
        ]))) { $0 == .unbalanced("USD off by 1.00") }
        try assertRefused(.recordTransaction(.init(postings: [.init(account: "assets:cash", amount: "1")]))) { $0 == .tooFewPostings }
    }

    func testZeroOverflowingAndGarbageAmounts() throws {
        try assertRefused(.captureExpense(input("0"))) { $0 == .zeroAmount }
        try assertRefused(.captureExpense(input("0.00"))) { $0 == .zeroAmount }
        try assertRefused(.captureExpense(input("99999999999999999999"))) { $0 == .money(.overflow) }
        for garbage in ["12.34abc", "1,2,3", "", "12.345"] {
            try assertRefused(.captureExpense(input(garbage))) {
                if case .money = $0 { return true } else { return false }
            }
        }
    }

    func testEditingAVoidedTransaction() throws {
        let id = try expense("5")
        try ledger.record(.voidTransaction(id: id, reason: nil))
        try assertRefused(.editTransaction(.init(id: id, amount: "6"))) { $0 == .transactionVoided(id) }
        try assertRefused(.voidTransaction(id: id, reason: nil)) { $0 == .transactionVoided(id) }
    }

    func testEditThatChangesNothing() throws {
        let id = try expense("5")
        try assertRefused(.editTransaction(.init(id: id, amount: "5.00"))) { $0 == .nothingToChange }
    }

    func testWrongAccountTypes() throws {
        try assertRefused(.captureExpense(input(from: "income:salary"))) {
            if case .wrongAccountType = $0 { return true } else { return false }
        }
        try assertRefused(.makeTransfer(input(from: "assets:checking", to: "expenses:groceries"))) {
            if case .wrongAccountType = $0 { return true } else { return false }
        }
    }

    func testControlCharactersInTextAreRefused() throws {
        var command = input()
        command.payee = "Shop\u{1B}[2J"
        try assertRefused(.captureExpense(command)) {
            if case .invalidText = $0 { return true } else { return false }
        }
    }

    func testFailedBatchAppendsNothing() throws {
        let before = try ledger.head()
        XCTAssertThrowsError(try ledger.record(batch: [
            .captureExpense(input("1")), .captureExpense(input("2")), .captureExpense(input(from: "assets:nowhere")),
        ]))
        XCTAssertEqual(try ledger.head(), before)
        XCTAssertEqual(try balanceLines(), [])
    }

    func testInitialisingTwiceIsRefused() throws {
        XCTAssertThrowsError(try Ledger.create(at: path, currency: .usd, timeZone: "UTC")) { error in
            XCTAssertEqual(error as? EventStoreError, .ledgerExists(path: path))
        }
        XCTAssertThrowsError(try Ledger.create(at: path + "-2", currency: .usd, timeZone: "Mars/Olympus")) { error in
            guard case .invalidText = error as? LedgerError else { return XCTFail("\(error)") }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-2"))
    }
}
