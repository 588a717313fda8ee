import KakeiboDomain

/// What a bank statement file says, in any of the formats `StatementReader` reads: its
/// transactions, the currency it is kept in (QIF names none) and its closing balance (QIF has none).
/// Pure values: no ledger, so the fuzz targets drive the readers alone.
public struct Statement: Hashable, Sendable {
    public var format: StatementFormat
    /// The statement's currency as the file names it (OFX CURDEF, CAMT Acct/Ccy or Amt@Ccy, MT940 :60F:).
    public var currency: Currency?
    public var transactions: [StatementTransaction]
    /// The last closing balance the file gives (OFX LEDGERBAL, CAMT CLBD, MT940 :62F:).
    public var closingBalance: StatementBalance?
    /// What the bank said besides the data: OFX STATUS aggregates of severity WARN or INFO.
    public var warnings: [String]
    /// Entries left out on purpose (not booked, zero amounts), each with why; the import prints them.
    ///
    /// A zero-amount line (a bank's "closing of service prices: 0.00", beangulp-mt940's fixture; an
    /// OFX fee waived to 0) is left out rather than recorded: it moves no money, so no balance, report
    /// or closing-balance check changes, and the ledger refuses a zero posting
    /// (`LedgerError.zeroAmount`) as a typing slip. Naming it in the report keeps the count honest:
    /// the file's lines are the imported ones plus these.
    public var skipped: [String]

    public init(format: StatementFormat, currency: Currency? = nil, transactions: [StatementTransaction] = [],
                closingBalance: StatementBalance? = nil, warnings: [String] = [], skipped: [String] = []) {
        self.format = format; self.currency = currency; self.transactions = transactions
        self.closingBalance = closingBalance; self.warnings = warnings; self.skipped = skipped
    }
}

/// One booked movement: the amount as an exact decimal (its sign from the account holder's side:
/// negative leaves the account), never a floating-point number.
public struct StatementTransaction: Hashable, Sendable {
    public var date: LocalDate
    public var amount: ExactDecimal
    public var payee: String?
    public var memo: String?
    /// The bank's own id: OFX FITID, CAMT AcctSvcrRef, MT940 reference. Nil when the file has none.
    public var bankID: String?
    /// Where it was read: the line it starts on (and, for XML, the element's path in `text`).
    public var location: SourceLocation

    public init(date: LocalDate, amount: ExactDecimal, payee: String?, memo: String?, bankID: String?, location: SourceLocation) {
        self.date = date; self.amount = amount; self.payee = payee; self.memo = memo; self.bankID = bankID
        self.location = location
    }
}

/// A balance the bank states for the end of a day.
public struct StatementBalance: Hashable, Sendable {
    public var date: LocalDate
    public var amount: ExactDecimal
    public var location: SourceLocation
    public init(date: LocalDate, amount: ExactDecimal, location: SourceLocation) {
        self.date = date; self.amount = amount; self.location = location
    }
}

public enum StatementFormat: String, CaseIterable, Hashable, Sendable {
    case ofx, qif, camt053, mt940
}
