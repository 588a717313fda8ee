import KakeiboDomain
import KakeiboProjections
import XCTest

/// Issue 30: one check, "may this event follow this state", run by the fold before it changes
/// anything. Each rule, through the fold as a replay or a pull meets it: the event is refused,
/// naming its rule, and the store is left as it was. Before `EventAdmission` the fold took each of
/// these (or trapped on the overflow), and `balance` showed books that did not sum to zero.
final class EventAdmissionTests: XCTestCase {
    typealias Fold = LedgerProjectorTests.Fold
    let date = try! LocalDate(iso: "2026-11-02")

    func usd(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: .usd) }

    func expense(_ id: String, _ minor: Int64, from: String = "cash", to: String = "food") -> LedgerEvent {
        .expenseCaptured(.init(transactionID: id, date: date, amount: usd(minor), fromAccountID: from, toAccountID: to, payee: nil, memo: nil))
    }

    func recorded(_ id: String, _ postings: [Posting]) -> LedgerEvent {
        .transactionRecorded(.init(transactionID: id, date: date, payee: nil, memo: nil, postings: postings))
    }

    /// Asserts the fold refuses `event` under `rule` and that the store's balances and transactions did not move.
    func assertRefused(_ event: LedgerEvent, by rule: AdmissionRule, in fold: Fold, file: StaticString = #filePath, line: UInt = #line) {
        let balances = fold.store.balanceBook, transactions = fold.store.transactions, accounts = fold.store.accounts
        XCTAssertThrowsError(try fold.apply(event), file: file, line: line) { error in
            guard case .inadmissible(let refusal)? = error as? LedgerError else {
                return XCTFail("expected an inadmissible event, got \(error)", file: file, line: line)
            }
            XCTAssertEqual(refusal.rule, rule, refusal.detail, file: file, line: line)
        }
        XCTAssertEqual(fold.store.balanceBook, balances, "balances moved", file: file, line: line)
        XCTAssertEqual(fold.store.transactions, transactions, "transactions changed", file: file, line: line)
        XCTAssertEqual(fold.store.accounts, accounts, "accounts changed", file: file, line: line)
    }

    // MARK: - Transactions

    func testAPostingOnAnAccountNeverOpenedIsRefused() throws {
        let fold = try Fold.household()
        assertRefused(expense("t1", 1000, from: "nope"), by: .unknownAccount, in: fold)
        assertRefused(recorded("t2", [Posting(accountID: "food", amount: usd(5)), Posting(accountID: "ghost", amount: usd(-5))]),
                      by: .unknownAccount, in: fold)
    }

    func testPostingsThatDoNotBalanceAreRefused() throws {
        let fold = try Fold.household()
        assertRefused(recorded("t1", [Posting(accountID: "food", amount: usd(1000)), Posting(accountID: "cash", amount: usd(-900))]),
                      by: .unbalanced, in: fold)
        var bracketed = Posting(accountID: "fun", amount: usd(300))
        bracketed.virtual = .balanced
        assertRefused(recorded("t2", [Posting(accountID: "food", amount: usd(10)), Posting(accountID: "cash", amount: usd(-10)), bracketed]),
                      by: .unbalanced, in: fold)
    }

    /// hledger's `(account)` moves money in that account alone: a journal import keeps it, and it still folds.
    func testAnUnbalancedVirtualPostingStillFolds() throws {
        let fold = try Fold.household()
        var virtual = Posting(accountID: "fun", amount: usd(300))
        virtual.virtual = .unbalanced
        try fold.apply(recorded("t1", [Posting(accountID: "food", amount: usd(10)), Posting(accountID: "cash", amount: usd(-10)), virtual]))
        XCTAssertEqual(fold.store.balances(accountID: "fun"), [usd(300)])
    }

    func testAnExpenseOfNothingIsRefused() throws {
        assertRefused(expense("t1", 0), by: .zeroAmount, in: try Fold.household())
    }

    func testATransactionIdUsedTwiceIsRefused() throws {
        let fold = try Fold.household()
        try fold.apply(expense("t1", 500))
        assertRefused(expense("t1", 700, to: "fun"), by: .transactionIdInUse, in: fold)
    }

    func testABalancePastInt64IsRefused() throws {
        let fold = try Fold.household()
        try fold.apply(expense("t1", .max))
        assertRefused(expense("t2", 1), by: .balanceOverflow, in: fold)
        try fold.apply(expense("t3", 1, to: "fun"))
    }

    // MARK: - Edits and voids

    func testAnEditOrVoidOfAnUnknownTransactionIsRefused() throws {
        let fold = try Fold.household()
        assertRefused(.transactionEdited(.init(transactionID: "nope", changes: [FieldChange(field: .payee, before: .null, after: "x")], reason: nil)),
                      by: .unknownTransaction, in: fold)
        assertRefused(.transactionVoided(.init(transactionID: "nope", reason: nil)), by: .unknownTransaction, in: fold)
    }

    func testAnEditOfAVoidedTransactionIsRefused() throws {
        let fold = try Fold.household()
        try fold.apply(expense("t1", 500))
        try fold.apply(.transactionVoided(.init(transactionID: "t1", reason: nil)))
        assertRefused(.transactionEdited(.init(transactionID: "t1", changes: [FieldChange(field: .amount, before: 500, after: 600)], reason: nil)),
                      by: .editOfVoided, in: fold)
    }

    /// Two devices voiding one transaction while apart: the server keeps both voids, and the second moves nothing.
    func testASecondVoidStillFolds() throws {
        let fold = try Fold.household()
        try fold.apply(expense("t1", 500))
        try fold.apply(.transactionVoided(.init(transactionID: "t1", reason: nil)))
        try fold.apply(.transactionVoided(.init(transactionID: "t1", reason: "on the other phone")))
        XCTAssertEqual(fold.store.balances(accountID: "food") + fold.store.balances(accountID: "cash"), [])
    }

    func testAnEditThatUnbalancesOrPostsToAnUnknownAccountIsRefused() throws {
        let fold = try Fold.household()
        try fold.apply(recorded("t1", [Posting(accountID: "food", amount: usd(10)), Posting(accountID: "cash", amount: usd(-10))]))
        let lopsided: JSONValue = [["account": "food", "amount": 10, "currency": "USD", "memo": .null],
                                   ["account": "cash", "amount": -9, "currency": "USD", "memo": .null]]
        assertRefused(.transactionEdited(.init(transactionID: "t1", changes: [FieldChange(field: .postings, before: .null, after: lopsided)], reason: nil)),
                      by: .unbalanced, in: fold)
        try fold.apply(expense("t2", 500))
        assertRefused(.transactionEdited(.init(transactionID: "t2", changes: [FieldChange(field: .toAccount, before: "food", after: "ghost")], reason: nil)),
                      by: .unknownAccount, in: fold)
    }

    func testAnEditThatOverflowsIsRefused() throws {
        let fold = try Fold.household()
        try fold.apply(expense("t1", .max))
        try fold.apply(expense("t2", 1, to: "fun"))
        assertRefused(.transactionEdited(.init(transactionID: "t2", changes: [FieldChange(field: .toAccount, before: "fun", after: "food")], reason: nil)),
                      by: .balanceOverflow, in: fold)
    }

    // MARK: - Accounts, categories, commodities, the ledger

    func testAccountEventsNeedTheAccount() throws {
        let fold = try Fold.household()
        assertRefused(.accountRenamed(.init(accountID: "nope", from: try AccountName("assets:a"), to: try AccountName("assets:b"))),
                      by: .unknownAccount, in: fold)
        assertRefused(.accountRetyped(.init(accountID: "nope", from: .asset, to: .liability)), by: .unknownAccount, in: fold)
        assertRefused(.accountClosed(.init(accountID: "nope")), by: .unknownAccount, in: fold)
        assertRefused(.categoryDefined(.init(accountID: "nope", displayName: "Nope", hue: 1, icon: "tag")), by: .unknownAccount, in: fold)
        assertRefused(.budgetSet(.init(accountID: "nope", length: .monthly, amount: usd(100), effectiveFrom: date, rollover: .none)),
                      by: .unknownAccount, in: fold)
        assertRefused(.budgetCleared(.init(accountID: "nope", effectiveFrom: date)), by: .unknownAccount, in: fold)
        XCTAssertEqual(fold.store.budgets, [])
        assertRefused(.categoryRenamed(.init(accountID: "food", from: "Food", to: "Eats")), by: .unknownCategory, in: fold)
        assertRefused(.categoryArchived(.init(accountID: "food")), by: .unknownCategory, in: fold)
    }

    func testAnAccountIdOpenedTwiceIsRefused() throws {
        let fold = try Fold.household()
        assertRefused(.accountOpened(.init(accountID: "cash", name: try AccountName("assets:wallet"), type: .asset, currency: .usd)),
                      by: .accountIdInUse, in: fold)
        // Two devices opening one name: the second id becomes an alias, and is in use too.
        try fold.apply(.accountOpened(.init(accountID: "cash2", name: try AccountName("assets:cash"), type: .asset, currency: .usd)))
        assertRefused(.accountOpened(.init(accountID: "cash2", name: try AccountName("assets:purse"), type: .asset, currency: .usd)),
                      by: .accountIdInUse, in: fold)
        // And its postings land on the account it stands for.
        try fold.apply(expense("t1", 250, from: "cash2"))
        XCTAssertEqual(fold.store.balances(accountID: "cash"), [usd(-250)])
    }

    func testASecondLedgerCreatedIsRefused() throws {
        let fold = try Fold.household()
        XCTAssertThrowsError(try fold.apply(.ledgerCreated(.init(name: "other", baseCurrency: .eur, timeZone: "UTC")))) {
            guard case .inadmissible(let refusal)? = $0 as? LedgerError else { return XCTFail("\($0)") }
            XCTAssertEqual(refusal.rule, .ledgerExists)
        }
        XCTAssertEqual(fold.store.storedSettings?.name, "h")
    }

    /// Two devices declaring one commodity while apart, at two precisions, is one commodity at the larger: the
    /// second declaration is admitted (refusing it stranded that device for good, the simulator's divergence 1),
    /// and one with fewer decimals changes nothing. (Growing to more decimals needs a store with a commodities
    /// table: `CommodityDeclaredTwiceTests`.)
    func testACommodityDeclaredAgainAtFewerDecimalsIsAdmittedAndKeepsTheLarger() throws {
        let fold = try Fold.household()
        try fold.apply(.commodityDeclared(.init(commodity: Commodity(uncheckedCode: "BTC", minorDigits: 8), display: nil)))
        try fold.apply(.commodityDeclared(.init(commodity: Commodity(uncheckedCode: "BTC", minorDigits: 8), display: "BTC 1.00000000")))
        try fold.apply(.commodityDeclared(.init(commodity: Commodity(uncheckedCode: "BTC", minorDigits: 2), display: nil)))
        XCTAssertEqual(fold.store.commodities["BTC"]?.minorDigits, 8)
    }

    // MARK: - What the author saw

    /// `assets:cash` was opened at position 2. An author who had seen it and opens it again is refused;
    /// one who had not (a concurrent open) is let through, and the fold merges the two ids.
    func testAnOpenOfANameTheAuthorSawTakenIsRefused() throws {
        let fold = try Fold.household()
        let again = LedgerEvent.accountOpened(.init(accountID: "cash2", name: try AccountName("assets:cash"), type: .asset, currency: .usd))
        XCTAssertThrowsError(try EventAdmission.check(again, against: fold.store, authorSaw: 2)) {
            XCTAssertEqual($0 as? LedgerError, .inadmissible(AdmissionRefusal(
                .nameInUse, "account \"assets:cash\" was taken at position 2, which the author had seen")))
        }
        XCTAssertNoThrow(try EventAdmission.check(again, against: fold.store, authorSaw: 1))
        XCTAssertNoThrow(try EventAdmission.check(again, against: fold.store))
    }

    func testARenameToANameTheAuthorSawTakenIsRefused() throws {
        let fold = try Fold.household()
        try fold.apply(.accountRenamed(.init(accountID: "fun", from: try AccountName("expenses:fun"), to: try AccountName("expenses:play"))))
        let renamedAt = fold.lastPosition
        let clash = LedgerEvent.accountRenamed(.init(accountID: "food", from: try AccountName("expenses:food"), to: try AccountName("expenses:play")))
        XCTAssertThrowsError(try EventAdmission.check(clash, against: fold.store, authorSaw: renamedAt))
        // Opened before the author's position, but named `expenses:play` only after it: concurrent.
        XCTAssertNoThrow(try EventAdmission.check(clash, against: fold.store, authorSaw: renamedAt - 1))
        // Renaming an account to its own name clashes with nothing.
        let same = LedgerEvent.accountRenamed(.init(accountID: "fun", from: try AccountName("expenses:play"), to: try AccountName("expenses:play")))
        XCTAssertNoThrow(try EventAdmission.check(same, against: fold.store, authorSaw: renamedAt))
    }
}
