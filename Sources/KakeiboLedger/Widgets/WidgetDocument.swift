import KakeiboDomain
import func KakeiboEventStore.sha256Hex

/// One widget snapshot file: a JSON object stamped with what it reflects and a hash of itself.
public struct WidgetDocument: Hashable, Sendable {
    /// Bumped when a document changes shape; the JSON Schemas in `Schemas/widgets/` follow it.
    public static let schemaVersion: Int64 = 1

    /// The file name, e.g. `budgets.json`.
    public var fileName: String
    /// The `kind` field: `budgets`.
    public var kind: String
    /// The document, including `contentHash`.
    public var json: JSONValue

    /// The typed document written as JSON (`JSONValueEncoder`: sorted keys, `null` for nil), its
    /// `contentHash` computed over everything else.
    init<Body: WidgetBody>(_ body: Body, asOf: LocalDate, logPosition: Int64) throws {
        var file = WidgetFile(schemaVersion: Self.schemaVersion, asOf: asOf.description, logPosition: logPosition, contentHash: "", body: body)
        file.header.contentHash = Self.contentHash(of: try JSONValueEncoder().encode(file))
        fileName = Body.kind + ".json"
        kind = Body.kind
        json = try JSONValueEncoder().encode(file)
    }

    /// The hash a document should carry: computed over the document without its `contentHash`.
    public static func contentHash(of document: JSONValue) -> String {
        var object = document.objectValue ?? [:]
        object["contentHash"] = nil
        return sha256Hex(JSONValue.object(object).canonicalBytes())
    }

    public var contentHash: String { json["contentHash"]?.stringValue ?? "" }

    /// The bytes written to disk: sorted keys, two-space indent, one trailing newline.
    public var fileContents: String { json.prettyString() + "\n" }
}
