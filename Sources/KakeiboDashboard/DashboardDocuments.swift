import KakeiboDomain

/// The decoded widget documents of one export, by `kind`, and the date the export was made.
/// This is all the dashboard sees: it formats what the documents say and computes nothing.
public struct DashboardDocuments: Sendable {
    /// Documents by their `kind` field (`budgets`, `index`, …).
    public var byKind: [String: JSONValue]
    /// The day the export ran (ISO date). When a document's `asOf` is older, pages say "stale".
    /// Nil when unknown (e.g. rendering someone else's export): then only mismatches with the index mark staleness.
    public var exportedOn: String?
    /// The ledger's log head when the pages are served live; documents behind it are stale.
    public var headPosition: Int64?

    /// Documents without a string `kind` are ignored; a later document of the same kind wins.
    public init(_ documents: [JSONValue], exportedOn: String?, headPosition: Int64? = nil) {
        var byKind: [String: JSONValue] = [:]
        for document in documents {
            if let kind = document["kind"]?.stringValue { byKind[kind] = document }
        }
        self.byKind = byKind
        self.exportedOn = exportedOn
        self.headPosition = headPosition
    }

    public subscript(kind: String) -> JSONValue? { byKind[kind] }

    /// Why a document is stale, or nil when it is fresh: older than the export, behind the ledger's
    /// head, or not the document the index lists (a different log position or hash: two exports mixed).
    func staleness(of kind: String) -> String? {
        guard let document = byKind[kind] else { return nil }
        let asOf = document["asOf"]?.stringValue ?? ""
        if let exportedOn, asOf < exportedOn { return "older than this export (\(exportedOn))" }
        if let headPosition, let position = document["logPosition"]?.intValue, position < headPosition {
            return "the ledger has moved on to log position \(headPosition)"
        }
        guard kind != "index", let index = byKind["index"] else { return nil }
        if index["logPosition"] != document["logPosition"] {
            return "log position \(document["logPosition"]?.intValue.map(String.init) ?? "?") differs from the index's \(index["logPosition"]?.intValue.map(String.init) ?? "?")"
        }
        let listed = index["documents"]?.arrayValue?.first { $0["kind"]?.stringValue == kind }
        if let listed, listed["contentHash"] != document["contentHash"] { return "content hash differs from the one the index lists" }
        return nil
    }
}
