import KakeiboDomain

/// What one budget (or a roll-up of several) shows for one period, in minor units of `currency`.
///
/// `available = budgeted + carriedIn − spent` by construction; `carryOut` is what the next
/// period receives as its `carriedIn`.
public struct BudgetFigures: Hashable, Sendable {
    public var currency: Currency
    public var budgeted: Int64 = 0
    public var carriedIn: Int64 = 0
    /// Expenses minus refunds, by business date.
    public var spent: Int64 = 0
    public var carryOut: Int64 = 0

    public init(currency: Currency) { self.currency = currency }

    public var available: Int64 { budgeted &+ carriedIn &- spent }

    /// What could be spent this period: the budget plus what was carried in.
    public var funds: Int64 { budgeted &+ carriedIn }

    /// Spent over funds in basis points, rounded half to even as every shown percentage is (N22:
    /// 123.45678 is 12345.68 %, not 12345.67 %); nil when there are no funds to compare with.
    public var spendRatioBasisPoints: Int64? { BasisPoints.rounded(spent, funds) }

    /// 0 under 50 %, 1 under 75 %, 2 under 90 %, 3 up to 100 %, 4 over budget.
    public var band: Int {
        if spent > funds { return 4 }
        // Truncated, so a band edge is crossed only when the ratio truly reaches it (74.999 % is band 1).
        guard let ratio = BasisPoints.ratio(spent, funds) else { return 0 }
        switch ratio {
        case ..<5_000: return 0
        case ..<7_500: return 1
        case ..<9_000: return 2
        default: return 3
        }
    }

    public func money(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: currency) }

    /// Adds another budget's figures (same currency), refusing overflow.
    mutating func add(_ other: BudgetFigures) throws {
        budgeted = try Self.sum(budgeted, other.budgeted)
        carriedIn = try Self.sum(carriedIn, other.carriedIn)
        spent = try Self.sum(spent, other.spent)
        carryOut = try Self.sum(carryOut, other.carryOut)
    }

    static func sum(_ a: Int64, _ b: Int64) throws -> Int64 {
        let (result, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw LedgerError.money(.overflow) }
        return result
    }
}
