import KakeiboChain

/// What a ledger file's witness folder holds, checked (`verify --witnesses`): the server key it pinned, its own
/// key, the last checkpoint it cosigned, and every forked history it caught, each note's signatures verified
/// against the keys the folder knows.
public struct WitnessReport: Sendable {
    public struct Note: Sendable {
        public var checkpoint: Checkpoint?
        public var signers: [String]
        /// Whether the pinned server key's signature is on it and valid.
        public var serverSigned: Bool
    }

    public struct Fork: Sendable {
        public var folder: String
        public var reason: String
        public var seen: Note
        public var shown: Note
    }

    public var serverKey: String?
    public var deviceKey: String?
    public var last: Note?
    public var forks: [Fork]

    public init(ledgerAt path: String) throws {
        let files = WitnessFiles(ledgerAt: path)
        let server = try files.pinnedServerKey()
        serverKey = server?.description
        deviceKey = try files.existingSigner()?.verifier.description
        func note(_ signed: SignedNote) -> Note {
            Note(checkpoint: Checkpoint(noteBody: signed.text), signers: signed.signatures.map(\.name),
                 serverSigned: server.map { signed.signature(by: $0) != nil } ?? false)
        }
        last = try files.lastCheckpoint().map(note)
        forks = try files.evidence().map { Fork(folder: $0.folder, reason: $0.reason, seen: note($0.seen), shown: note($0.shown)) }
    }
}
