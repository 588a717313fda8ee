/// One value a field could take, the rows it was read from, and the features the learned ranker scores it by.
///
/// Several candidates may carry the same value (a total printed three times): the ranker adds up their
/// probabilities, so agreement counts without a hand-written bonus.
public struct FieldCandidate<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var value: Value
    public var rows: [Int]
    /// In the order of the field's `FeatureSet` names.
    public var features: [Double]

    public init(value: Value, rows: [Int], features: [Double]) {
        self.value = value
        self.rows = rows
        self.features = features
    }
}
