/// An open lot as the projection holds it: what is left of one acquisition.
public struct Lot: Hashable, Sendable {
    /// `<transaction id>/<posting index>` of the acquisition.
    public var id: String
    public var accountID: String
    /// The units' commodity (`VTI`).
    public var commodity: Commodity
    public var acquiredOn: LocalDate
    public var label: String?
    /// The cost per unit as written, in `costCommodity`.
    public var unitCost: ExactDecimal
    public var costCommodity: Commodity
    /// Units still held and their cost basis, in minor units. The basis is kept rather than
    /// recomputed from `unitCost`, so taking a lot in parts leaves no rounding behind (the last
    /// part takes what is left) and average booking can re-spread it.
    public var openUnits: Int64
    public var openBasis: Int64

    public init(id: String, accountID: String, commodity: Commodity, acquiredOn: LocalDate, label: String?,
                unitCost: ExactDecimal, costCommodity: Commodity, openUnits: Int64, openBasis: Int64) {
        self.id = id; self.accountID = accountID; self.commodity = commodity; self.acquiredOn = acquiredOn
        self.label = label; self.unitCost = unitCost; self.costCommodity = costCommodity
        self.openUnits = openUnits; self.openBasis = openBasis
    }

    /// The id an acquisition's lot gets: its transaction and the posting's place in it.
    public static func id(transactionID: String, posting index: Int) -> String { "\(transactionID)/\(index)" }
}

/// An account's booking: its method and where its realised gains go.
public struct LotBooking: Hashable, Sendable {
    public var method: BookingMethod
    /// Nil for the default, `income:capital-gains`.
    public var gainsAccount: String?

    public static let defaultGainsAccount = "income:capital-gains"

    public init(method: BookingMethod, gainsAccount: String? = nil) {
        self.method = method; self.gainsAccount = gainsAccount
    }
}
