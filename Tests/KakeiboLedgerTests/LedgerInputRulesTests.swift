import KakeiboDomain
import KakeiboLedger
import XCTest

/// Issue 13, items 9, 10, 16, 17, 18 and 20: input that used to be accepted and then confused.
final class LedgerInputRulesTests: LedgerTestCase {
    private func names() throws -> [String] { try ledger.accounts().map(\.account.name.rawValue) }

    /// Item 9: a category with a colon still lives under `expenses:` (or `income:`).
    func testACategoryWithAColonLivesUnderItsRoot() throws {
        try ledger.record(.addCategory(.init(name: "food:fast food")))
        try ledger.record(.addCategory(.init(name: "side:tutoring", type: .income)))
        XCTAssertTrue(try names().contains("expenses:food:fast food"))
        XCTAssertTrue(try names().contains("income:side:tutoring"))
        XCTAssertFalse(try names().contains { $0.hasPrefix("food") })
        try expense("3", category: "food:fast food")
        XCTAssertEqual(try ledger.balances().lines.first { $0.name == "expenses" }?.total.decimalString, "3.00")
        // A full name is still taken as it is.
        try ledger.record(.addCategory(.init(name: "expenses:books")))
        XCTAssertTrue(try names().contains("expenses:books"))
    }

    /// Item 10: a rename may not move an account under another type's root.
    func testARenameCannotMoveAnAccountToAnotherRoot() throws {
        try assertRefused(.renameAccount(name: "assets:cash", newName: "expenses:cash")) {
            $0 == .rootChange("assets:cash", to: "expenses:cash", type: .asset, root: "assets")
        }
        try assertRefused(.renameAccount(name: "assets:cash", newName: "cash"))
        try ledger.record(.renameAccount(name: "assets:cash", newName: "assets:wallet:cash"))
        try ledger.record(.renameAccount(name: "liabilities:visa", newName: "liability:visa")) // same type, other spelling
        XCTAssertTrue(try names().contains("liability:visa"))
    }

    /// Item 16: no money moves when every posting is on one account.
    func testATransferOrTransactionOnOneAccountIsRefused() throws {
        try assertRefused(.makeTransfer(.init(amount: "25", from: "assets:cash", to: "assets:cash"))) {
            $0 == .sameAccount("assets:cash")
        }
        try assertRefused(.recordTransaction(.init(postings: [.init(account: "assets:cash", amount: "5"),
                                                              .init(account: "assets:cash", amount: "-5")]))) {
            $0 == .sameAccount("assets:cash")
        }
        // Two postings on one account beside another are a split, as in hledger.
        try ledger.record(.recordTransaction(.init(postings: [.init(account: "expenses:groceries", amount: "5", memo: "milk"),
                                                              .init(account: "expenses:groceries", amount: "2", memo: "bread"),
                                                              .init(account: "assets:cash", amount: nil)])))
    }

    /// Item 17: hledger reads two spaces as the end of an account name.
    func testAccountNamesWithTwoSpacesInARowAreRefused() throws {
        try assertRefused(.openAccount(name: "assets:a  b", type: nil, currency: nil)) {
            if case .invalidAccountName(_, let reason) = $0 { return reason.contains("two spaces") } else { return false }
        }
        try assertRefused(.addCategory(.init(name: "fast  food")))
        try assertRefused(.renameAccount(name: "assets:cash", newName: "assets:petty  cash"))
        try ledger.record(.openAccount(name: "assets:a b", type: nil, currency: nil))
    }

    /// Item 20: bidirectional controls could make `history` show a payee in a misleading order.
    func testBidiControlsAreRefusedInFreeText() throws {
        for control in ["\u{202E}", "\u{2066}", "\u{200F}"] {
            try assertRefused(.captureExpense(.init(amount: "1", from: "assets:cash", to: "groceries", payee: "rtl \(control)evil"))) {
                if case .invalidText(field: "payee", let reason) = $0 { return reason.contains("bidirectional") } else { return false }
            }
        }
        try expense("1", payee: "مطعم") // right-to-left letters themselves are fine
    }

    /// Item 18: the edit refusal names the part that cannot change, and never says "a expense". What to edit instead
    /// (`--amount`, `--category`, …) is the CLI's hint: Fixtures/golden/stderr/refusals.txt, `field-not-editable`.
    func testEditingPostingsOfAnExpenseSaysWhatToDoInstead() throws {
        let id = try expense("1")
        XCTAssertThrowsError(try ledger.record(.editTransaction(.init(id: id, postings: [
            .init(account: "expenses:dining", amount: "1"), .init(account: "assets:cash", amount: nil),
        ])))) { error in
            XCTAssertEqual(error as? LedgerError, .fieldNotEditable("postings", kind: .expense))
            XCTAssertEqual("\(error)", "the postings of an expense transaction cannot be edited")
        }
    }

    /// Item 20: `10.000` is ten here and ten thousand where "." groups thousands.
    func testThreeDecimalsInATwoDecimalCurrencyAreRefusedAsAmbiguous() throws {
        for text in ["10.000", "12.500", "-1.000"] {
            try assertRefused(.captureExpense(.init(amount: text, from: "assets:cash", to: "groceries"))) {
                if case .money(.invalidAmount(text, let reason)) = $0 { return reason.contains("ambiguous") } else { return false }
            }
        }
        try expense("10.00")
        try expense("1,000.000") // grouped with commas: not ambiguous
        try expense("12.5000")
    }

    /// Item 20: a date every report can show, or a refusal now rather than later.
    func testDatesOutsideWhatReportsCoverAreRefused() throws {
        for date in ["0001-01-01", "9999-12-31", "1899-12-31", "3000-01-01"] {
            try assertRefused(.captureExpense(.init(amount: "1", date: LocalDate(iso: date), from: "assets:cash", to: "groceries"))) {
                if case .date(.outOfRange) = $0 { return true } else { return false }
            }
        }
        let id = try expense("1", date: "1900-01-01")
        try assertRefused(.editTransaction(.init(id: id, date: LocalDate(iso: "0001-01-01"))))
        try assertRefused(.recordTransaction(.init(date: LocalDate(iso: "9999-01-01"), postings: [
            .init(account: "expenses:groceries", amount: "1"), .init(account: "assets:cash", amount: nil),
        ])))
        XCTAssertNoThrow(try ledger.widgetSnapshots(asOf: LocalDate(iso: "1900-01-31")))
    }
}
