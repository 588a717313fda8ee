/// One lot's part in a sale, as the projection keeps it for `gains`.
public struct LotDisposal: Hashable, Sendable {
    public var transactionID: String
    /// The take's place among the sale's takes, over all its postings.
    public var sequence: Int
    public var lotID: String
    public var disposedOn: LocalDate
    /// Units in the lot's commodity, basis and gain in its cost commodity, minor units.
    public var units: Int64
    public var basis: Int64
    public var gain: Int64
    public var position: Int64

    public init(transactionID: String, sequence: Int, lotID: String, disposedOn: LocalDate, units: Int64, basis: Int64,
                gain: Int64, position: Int64) {
        self.transactionID = transactionID; self.sequence = sequence; self.lotID = lotID; self.disposedOn = disposedOn
        self.units = units; self.basis = basis; self.gain = gain; self.position = position
    }
}
