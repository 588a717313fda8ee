import KakeiboDomain
import XCTest

/// Every event type's stored bytes, pinned: one sample of each `LedgerEvent.Kind`, encoded to its
/// canonical payload. A payload's bytes are hashed into the chain, so a change here would make
/// every ledger already kept fail `verify`; a new kind must add its sample and its golden line.
final class EventKindGoldenTests: XCTestCase {
    static func samples() throws -> [LedgerEvent] {
        let date = try LocalDate(iso: "2026-11-20")
        let usd = Currency.usd
        let btc = try Commodity(symbol: "BTC", minorDigits: 8)
        var expense = LedgerEvent.MoneyMoved(transactionID: "t-1", date: date, amount: Money(minorUnits: 1234, currency: usd),
                                             fromAccountID: "a-bank", toAccountID: "a-food", payee: "Corner Shop", memo: nil)
        expense.suggestion = AppliedSuggestion(accountID: "a-food", confidenceBasisPoints: 8_100)
        expense.receiptID = "r-1"
        expense.needsReview = true
        var recorded = LedgerEvent.TransactionRecorded(
            transactionID: "t-4", date: date, payee: "Broker", memo: "split",
            postings: [Posting(accountID: "a-bank", amount: Money(minorUnits: -5_000, currency: usd)),
                       Posting(accountID: "a-btc", amount: Money(minorUnits: 10_000, currency: btc), memo: "buy",
                               cost: PostingCost(per: .unit, value: ExactDecimal(mantissa: 5, scale: 1), commodity: usd))])
        recorded.suggestion = AppliedSuggestion(accountID: nil, confidenceBasisPoints: 2_000)
        return [
            .ledgerCreated(.init(name: "Household", baseCurrency: usd, timeZone: "Europe/Berlin")),
            .accountOpened(.init(accountID: "a-food", name: try AccountName("expenses:food"), type: .expense, currency: usd)),
            .accountRenamed(.init(accountID: "a-food", from: try AccountName("expenses:food"), to: try AccountName("expenses:groceries"))),
            .accountRetyped(.init(accountID: "a-x", from: .unclassified, to: .asset)),
            .accountClosed(.init(accountID: "a-x")),
            .categoryDefined(.init(accountID: "a-food", displayName: "Food", hue: 120, icon: "tag")),
            .categoryRenamed(.init(accountID: "a-food", from: "Food", to: "Groceries")),
            .categoryArchived(.init(accountID: "a-food")),
            .expenseCaptured(expense),
            .incomeRecorded(.init(transactionID: "t-2", date: date, amount: Money(minorUnits: 250_000, currency: usd),
                                  fromAccountID: "a-salary", toAccountID: "a-bank", payee: "Employer", memo: "November")),
            .transferMade(.init(transactionID: "t-3", date: date, amount: Money(minorUnits: 10_000, currency: usd),
                                fromAccountID: "a-bank", toAccountID: "a-savings", payee: nil, memo: nil)),
            .transactionRecorded(recorded),
            .transactionEdited(.init(transactionID: "t-1", changes: [FieldChange(field: .amount, before: .int(1234), after: .int(1243))],
                                     reason: "typo")),
            .transactionVoided(.init(transactionID: "t-3", reason: nil)),
            .budgetSet(.init(accountID: "a-food", length: .monthly, amount: Money(minorUnits: 40_000, currency: usd),
                             effectiveFrom: try LocalDate(iso: "2026-11-01"), rollover: .none)),
            .budgetCleared(.init(accountID: "a-food", effectiveFrom: try LocalDate(iso: "2026-12-01"))),
            .incomeGoalSet(.init(length: .weekly, amount: Money(minorUnits: 60_000, currency: usd), effectiveFrom: try LocalDate(iso: "2026-11-16"))),
            .receiptScanned(.init(receiptID: "r-1", imageSHA256: String(repeating: "ab", count: 32),
                                  engine: .init(name: "tesseract", version: "5.3.0", language: "eng"), preprocessing: ["grayscale"],
                                  rows: [.init(index: 0, text: "TOTAL 12.34", box: [1, 2, 3, 4], confidenceBasisPoints: 9_000)],
                                  fields: ["total": .init(value: .minorUnits(1234), confidenceBasisPoints: 8_800, rows: [0])],
                                  warnings: [])),
            .commodityDeclared(.init(commodity: btc, display: "Bitcoin")),
            .priceRecorded(.init(date: date, commodity: btc, value: ExactDecimal(mantissa: 4_213_050, scale: 2), quote: usd, source: .manual)),
            .transactionConflicted(.init(transactionID: "t-1", basedOn: 2, kept: ["e-1"], deferred: ["e-2"], member: "ana", device: "phone",
                                         fields: [.init(field: "amount", kept: .int(1243), deferred: .int(1250))],
                                         deferredChanges: .array([.object(["field": .string("amount"), "after": .int(1250)])]))),
            .forecastRuleSet(.init(recurrence: RecurrenceRule(unit: .month, day: 1, start: try LocalDate(iso: "2026-12-01"), text: "monthly from 2026-12-01"),
                                   description: "rent",
                                   lines: [.init(accountID: "a-rent", amount: Money(minorUnits: 120_000, currency: usd)),
                                           .init(accountID: "a-bank", amount: nil)])),
            .accountBookingSet(.init(accountID: "a-brokerage", booking: LotBooking(method: .lifo, gainsAccount: "income:gains"))),
            .postingsMarked(.init(transactionID: "t-1", lines: [1], status: .cleared)),
            .postingsLocked(.init(transactionID: "t-1", lines: [1])),
            .balanceAsserted(.init(accountID: "a-bank", date: date, amount: Money(minorUnits: 123_456, currency: usd), statement: "march.ofx:41")),
            .commodityPrecisionGrown(.init(code: "USD", from: 2, to: 4)),
            .priceRetracted(.init(date: date, commodity: btc, value: ExactDecimal(mantissa: 4_213_050, scale: 2), quote: usd,
                                  reason: "no longer in the journal; replaced on re-import")),
        ]
    }

    /// `type` then a tab then the canonical payload, one line per kind in `Kind.allCases` order.
    static let golden = #"""
        LedgerCreated	{"baseCurrency":"USD","name":"Household","timeZone":"Europe/Berlin"}
        AccountOpened	{"account":"a-food","currency":"USD","name":"expenses:food","type":"expense"}
        AccountRenamed	{"account":"a-food","from":"expenses:food","to":"expenses:groceries"}
        AccountRetyped	{"account":"a-x","from":"unclassified","to":"asset"}
        AccountClosed	{"account":"a-x"}
        CategoryDefined	{"account":"a-food","hue":120,"icon":"tag","name":"Food"}
        CategoryRenamed	{"account":"a-food","from":"Food","to":"Groceries"}
        CategoryArchived	{"account":"a-food"}
        ExpenseCaptured	{"amount":1234,"currency":"USD","date":"2026-11-20","from":"a-bank","memo":null,"needsReview":true,"payee":"Corner Shop","receipt":"r-1","suggestion":{"account":"a-food","confidence":8100},"to":"a-food","txn":"t-1"}
        IncomeRecorded	{"amount":250000,"currency":"USD","date":"2026-11-20","from":"a-salary","memo":"November","payee":"Employer","to":"a-bank","txn":"t-2"}
        TransferMade	{"amount":10000,"currency":"USD","date":"2026-11-20","from":"a-bank","memo":null,"payee":null,"to":"a-savings","txn":"t-3"}
        TransactionRecorded	{"date":"2026-11-20","memo":"split","payee":"Broker","postings":[{"account":"a-bank","amount":-5000,"currency":"USD","memo":null},{"account":"a-btc","amount":10000,"cost":{"commodity":"USD","per":"unit","value":"0.5"},"currency":"BTC","digits":8,"memo":"buy"}],"suggestion":{"confidence":2000},"txn":"t-4"}
        TransactionEdited	{"changes":[{"after":1243,"before":1234,"field":"amount"}],"reason":"typo","txn":"t-1"}
        TransactionVoided	{"reason":null,"txn":"t-3"}
        BudgetSet	{"account":"a-food","amount":40000,"currency":"USD","from":"2026-11-01","period":"monthly","rollover":"none"}
        BudgetCleared	{"account":"a-food","from":"2026-12-01"}
        IncomeGoalSet	{"amount":60000,"currency":"USD","from":"2026-11-16","period":"weekly"}
        ReceiptScanned	{"engine":{"language":"eng","name":"tesseract","version":"5.3.0"},"fields":{"total":{"confidence":8800,"rows":[0],"value":1234}},"preprocessing":["grayscale"],"receipt":"r-1","rows":[{"box":[1,2,3,4],"confidence":9000,"index":0,"text":"TOTAL 12.34"}],"sha256":"abababababababababababababababababababababababababababababababab","warnings":[]}
        CommodityDeclared	{"commodity":"BTC","display":"Bitcoin","precision":8}
        PriceRecorded	{"commodity":"BTC","date":"2026-11-20","digits":8,"quote":"USD","source":"manual","value":"42130.50"}
        TransactionConflicted	{"basedOn":2,"changes":[{"after":1250,"field":"amount"}],"deferred":["e-2"],"device":"phone","fields":[{"deferred":1250,"field":"amount","kept":1243}],"kept":["e-1"],"member":"ana","txn":"t-1"}
        ForecastRuleSet	{"description":"rent","lines":[{"account":"a-rent","amount":120000,"currency":"USD"},{"account":"a-bank","amount":null}],"rule":{"count":1,"day":1,"end":null,"month":null,"start":"2026-12-01","text":"monthly from 2026-12-01","unit":"month"}}
        AccountBookingSet	{"account":"a-brokerage","gainsAccount":"income:gains","method":"lifo"}
        PostingsMarked	{"lines":[1],"status":"cleared","txn":"t-1"}
        PostingsLocked	{"lines":[1],"txn":"t-1"}
        BalanceAsserted	{"account":"a-bank","amount":123456,"currency":"USD","date":"2026-11-20","statement":"march.ofx:41"}
        CommodityPrecisionGrown	{"commodity":"USD","from":2,"to":4}
        PriceRetracted	{"commodity":"BTC","date":"2026-11-20","digits":8,"quote":"USD","reason":"no longer in the journal; replaced on re-import","value":"42130.50"}
        """#

    func testEveryKindHasOneSampleAndItsPinnedBytes() throws {
        let samples = try Self.samples()
        XCTAssertEqual(samples.map(\.kind), LedgerEvent.Kind.allCases, "one sample per kind, in declaration order")
        let lines = samples.map { $0.type + "\t" + String(decoding: $0.payload.canonicalBytes(), as: UTF8.self) }
        let golden = Self.golden.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, golden.count, "golden lines:\n" + lines.joined(separator: "\n"))
        for (line, pinned) in zip(lines, golden) { XCTAssertEqual(line, pinned) }
    }

    func testTheDecoderReadsEveryKindTheEncoderWrites() throws {
        for event in try Self.samples() {
            let decoded = try LedgerEvent(type: event.kind.rawValue, schemaVersion: event.schemaVersion,
                                          payload: try JSONValue.parse(event.payload.canonicalBytes()))
            XCTAssertEqual(decoded, event, event.type)
            XCTAssertEqual(LedgerEvent.Kind(rawValue: event.type), event.kind)
        }
        XCTAssertThrowsError(try LedgerEvent(type: "NoSuchEvent", schemaVersion: 1, payload: .object([:])))
    }
}
