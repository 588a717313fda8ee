import KakeiboReceipts

extension TrainingProvenance {
    /// The training set as text to hash: one line per receipt, sorted by id, with the truth the model is scored on
    /// (id, merchant group, company, date, total in minor units), tab-separated.
    public static func canonicalTruth(_ receipts: [(id: String, truth: ReceiptTruth)]) -> String {
        receipts.sorted { $0.id < $1.id }.map { receipt in
            [receipt.id, receipt.truth.merchantGroup ?? "", receipt.truth.company, receipt.truth.dateISODayFirst,
             String(receipt.truth.totalMinor)].joined(separator: "\t") + "\n"
        }.joined()
    }

    /// One engine's descriptor as a provenance line.
    public static func engineLine(version: String, models: [String: String]?) -> String {
        ([version] + (models ?? [:]).keys.sorted().map { "\($0) \(models![$0]!)" }).joined(separator: "; ")
    }

    var literal: String {
        let engineLines = engines.keys.sorted().map { "            \"\($0)\": \"\(engines[$0]!)\"," }.joined(separator: "\n")
        return """
        TrainingProvenance(
                trainingSetDigest: "\(trainingSetDigest)",
                receipts: \(receipts),
                engines: [
        \(engineLines)
                ],
                commit: "\(commit)")
        """
    }
}
