/// Splits receipts into k folds so that no merchant group straddles two: a fold is scored on merchants
/// its model never saw. Deterministic: groups go, largest first (then by name), to the fold with fewest receipts.
struct GroupedFolds {
    let folds: [[Int]]

    init(groups: [String], k: Int) {
        var members: [String: [Int]] = [:]
        for (index, group) in groups.enumerated() { members[group, default: []].append(index) }
        let ordered = members.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        var folds = [[Int]](repeating: [], count: max(k, 1))
        for (_, indices) in ordered {
            let smallest = folds.indices.min { folds[$0].count != folds[$1].count ? folds[$0].count < folds[$1].count : $0 < $1 }!
            folds[smallest] += indices
        }
        self.folds = folds.map { $0.sorted() }
    }
}
