/// One value a field could take, the rows it was read from, and the features the learned ranker scores it by.
///
/// Several candidates may carry the same value (a total printed three times): the ranker adds up their
/// probabilities, so agreement counts without a hand-written bonus.
///
/// The features are built as `(name, value)` pairs, and the names travel with the values: a model trained on
/// other names, or the same names in another order, is refused by `FieldModel.choose` rather than scoring one
/// feature with another's weight (a list of positions kept beside a list of names could drift apart and still
/// pass a check of lengths).
public struct FieldCandidate<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var value: Value
    public var rows: [Int]
    /// The values, in the order of `featureNames`.
    public private(set) var features: [Double]
    /// Each feature's name, in the order the extractor built them.
    public let featureNames: [String]

    public init(value: Value, rows: [Int], named features: [(String, Double)]) {
        self.value = value
        self.rows = rows
        self.features = features.map(\.1)
        self.featureNames = features.map(\.0)
    }

    /// A feature by name; reading one the candidate lacks is 0, setting one it lacks is a programming error.
    public subscript(feature name: String) -> Double {
        get { featureNames.firstIndex(of: name).map { features[$0] } ?? 0 }
        set {
            guard let index = featureNames.firstIndex(of: name) else { preconditionFailure("no feature \(name)") }
            features[index] = newValue
        }
    }
}
