/// What a trained `ReceiptModel` was learned from, written into `ReceiptModel+Trained.swift` beside the weights:
/// which receipts and truth (as a digest), which engines read them (versions and model files' SHA-256), and the
/// last commit of the code that turns their text into candidates. `make train-receipts` run again on the same
/// receipts, caches and code writes the same bytes: nothing here depends on the time or the machine.
public struct TrainingProvenance: Hashable, Sendable {
    /// SHA-256 of `TrainingProvenance.canonicalTruth(_:)`.
    public var trainingSetDigest: String
    public var receipts: Int
    /// Each engine's descriptor as one line: version, then `file sha256` pairs in file order.
    public var engines: [String: String]
    /// The last commit to the receipt parser and trainer (`git log -1 -- …`), `+changes` when the tree differs.
    public var commit: String

    public init(trainingSetDigest: String, receipts: Int, engines: [String: String], commit: String) {
        self.trainingSetDigest = trainingSetDigest
        self.receipts = receipts
        self.engines = engines
        self.commit = commit
    }
}
