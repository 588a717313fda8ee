// A bank's stated balance as an event (issue 32, part 3): what the statement said, recorded
// whether or not the books agree with it. It lives in the ledger's structure stream beside the
// account it is about; `import statement` reports the difference in one line, and the exports
// write it as hledger's `= BAL` and beancount's `balance` when the books agree.

extension LedgerEvent {
    /// The balance of `accountID` at the end of `date`, as a statement stated it (OFX LEDGERBAL,
    /// camt.053 CLBD, MT940 :62F:). It checks nothing when recorded: the ledger may lack an
    /// opening balance or a transaction the bank has, and refusing the import would keep out
    /// the very entries that close the gap. Reports and `reconcile` read it; nothing else changes.
    public struct BalanceAsserted: Hashable, Sendable {
        public var accountID: String
        public var date: LocalDate
        public var amount: Money
        /// Where it was stated: the statement file and line (`march.ofx:41`); nil when typed.
        public var statement: String?
        public init(accountID: String, date: LocalDate, amount: Money, statement: String?) {
            self.accountID = accountID; self.date = date; self.amount = amount; self.statement = statement
        }
    }
}

extension LedgerEvent.BalanceAsserted {
    var json: JSONValue {
        .object(["account": .string(accountID), "date": .string(date.description), "amount": .int(amount.minorUnits),
                 "currency": .string(amount.currency.code), "statement": .optional(statement)]
            .merging(amount.currency.isISO ? [:] : ["digits": .int(Int64(amount.currency.minorDigits))]) { a, _ in a })
    }

    init(json p: JSONValue) throws {
        let digits = p["digits"].flatMap { $0 == .null ? nil : $0 }
        let currency = try Commodity(code: try p.string("currency"), digits: try digits.map { _ in Int(try p.int("digits")) })
        self.init(accountID: try p.string("account"), date: try LocalDate(iso: p.string("date")),
                  amount: Money(minorUnits: try p.int("amount"), currency: currency), statement: try p.optionalString("statement"))
    }
}
