import KakeiboReceipts

/// One receipt's candidates with the truth: a training example, and a row of a cross-validation fold.
public struct LabelledReceipt: Sendable {
    public var id: String
    public var group: String
    public var truth: ReceiptTruth
    /// What the hand rules read (items, time, currency… which the model does not choose).
    public var rules: ParsedReceipt
    public var candidates: ReceiptCandidates

    public init(id: String, truth: ReceiptTruth, rules: ParsedReceipt, candidates: ReceiptCandidates) {
        self.id = id
        self.group = truth.merchantGroup ?? id
        self.truth = truth
        self.rules = rules
        self.candidates = candidates
    }

    /// The three fields as ranking problems: feature vectors and which candidates are right.
    func problem(_ field: ReceiptFieldName) -> RankingProblem {
        switch field {
        case .total: RankingProblem(features: candidates.total.map(\.features), correct: candidates.total.map { truth.totalIsRight($0.value) })
        case .date: RankingProblem(features: candidates.date.map(\.features), correct: candidates.date.map { truth.dateIsRight($0.value) })
        case .merchant: RankingProblem(features: candidates.merchant.map(\.features), correct: candidates.merchant.map { truth.merchantIsRight($0.value) })
        }
    }
}

/// The fields the model chooses.
public enum ReceiptFieldName: String, CaseIterable, Sendable {
    case total, date, merchant
}

/// One receipt's candidates for one field.
struct RankingProblem {
    var features: [[Double]]
    var correct: [Bool]
}
