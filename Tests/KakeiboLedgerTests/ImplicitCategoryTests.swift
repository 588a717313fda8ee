import KakeiboDomain
import KakeiboLedger
import XCTest

/// Issue 13, item 20: accounts a journal import opened are categories all the same.
final class ImplicitCategoryTests: LedgerTestCase {
    func testAnExpenseAccountWithoutACategoryCanBeArchivedAndRenamed() throws {
        try ledger.record(.openAccount(name: "expenses:travel", type: .expense, currency: nil)) // as an import opens it
        try ledger.record(.openAccount(name: "expenses:fuel", type: .expense, currency: nil))
        try ledger.record(.archiveCategory(name: "travel"))
        try ledger.record(.renameCategory(name: "fuel", newName: "petrol"))
        let categories = try ledger.accounts().filter { $0.category != nil }.map { "\($0.account.name) \($0.category!.displayName) \($0.category!.isArchived)" }
        XCTAssertTrue(categories.contains("expenses:travel Travel true"), "\(categories)")
        XCTAssertTrue(categories.contains("expenses:petrol Petrol false"), "\(categories)")
        XCTAssertTrue(try ledger.verify().isValid)
        try assertRefused(.archiveCategory(name: "nosuch")) { $0 == .unknownCategory("nosuch") }
    }

    /// The refusal carries the category and what it holds; the CLI's hint (`kakeibo category archive …`) is pinned in
    /// the refusal goldens, not here: the domain names no commands.
    func testClosingACategoryThatHoldsSpendingPointsToArchive() throws {
        try expense("4")
        try assertRefused(.closeAccount(name: "expenses:groceries")) {
            if case .categoryNotEmpty(let name, let balance) = $0 {
                return name == "expenses:groceries" && balance.contains("4") && !"\($0)".contains("kakeibo")
            } else { return false }
        }
    }
}
