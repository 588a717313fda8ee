/// A posting's part in lot accounting (issue 36).
///
/// An acquisition (`10 VTI {$210.00, 2026-01-05, "lot-a"}`) opens a lot: its cost per unit is the
/// posting's `cost`, as for `@`, so the conversion postings balance it exactly as today; the
/// lot's date and label ride here. A disposal (`-5 VTI {} @ $250.00`) records the lots the
/// decider took, how many units of each, their cost basis and their share of the realised gain,
/// so the fold and `history` never have to decide again; its `cost` is the total basis (`@@`).
public struct PostingLot: Hashable, Sendable {
    public enum Role: String, Hashable, Sendable {
        case acquired, disposed
    }

    public var role: Role
    /// The lot date as written (`{…, 2026-01-05}`); an acquisition without one is dated by its transaction.
    public var date: LocalDate?
    /// The lot label as written (`{…, "lot-a"}`).
    public var label: String?
    /// A disposal's `{$210.00}`: the cost that selected its lots, as written.
    public var selectedCost: PostingCost?
    /// The `@` or `@@` price written beside the braces: the sale price of a disposal (what the
    /// generated gain is measured from), or the market price of an acquisition.
    public var price: PostingCost?
    /// A disposal's booking method, as the account had it when the sale was decided.
    public var booking: BookingMethod?
    /// A disposal's lots, in the order they were taken.
    public var taken: [LotTaken]

    public init(role: Role, date: LocalDate? = nil, label: String? = nil, selectedCost: PostingCost? = nil,
                price: PostingCost? = nil, booking: BookingMethod? = nil, taken: [LotTaken] = []) {
        self.role = role; self.date = date; self.label = label; self.selectedCost = selectedCost
        self.price = price; self.booking = booking; self.taken = taken
    }
}

/// What a disposal took from one lot: units in the posting's commodity, and basis and realised
/// gain in the lot's cost commodity, all in minor units (exact; the gain of a sale is shared
/// among its lots by units, the last lot taking the rounding remainder).
public struct LotTaken: Hashable, Sendable {
    /// `<transaction id>/<posting index>` of the acquisition.
    public var lotID: String
    public var units: Int64
    public var basis: Int64
    public var gain: Int64

    public init(lotID: String, units: Int64, basis: Int64, gain: Int64) {
        self.lotID = lotID; self.units = units; self.basis = basis; self.gain = gain
    }
}
