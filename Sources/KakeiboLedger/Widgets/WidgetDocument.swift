import KakeiboDomain
import func KakeiboEventStore.sha256Hex

/// One widget snapshot file: a JSON object stamped with what it reflects and a hash of itself.
public struct WidgetDocument: Hashable, Sendable {
    /// Bumped when a document changes shape; the JSON Schemas in `Schemas/widgets/` follow it.
    public static let schemaVersion: Int64 = 1

    /// The file name, e.g. `budgets.json`.
    public var fileName: String
    /// The document, including `contentHash`.
    public var json: JSONValue

    /// The typed body written as JSON (`JSONValueEncoder`: sorted keys, `null` for nil), then the common
    /// fields and `contentHash` added.
    init<Body: WidgetBody>(_ body: Body, asOf: LocalDate, logPosition: Int64) throws {
        guard case .object(let object) = try JSONValueEncoder().encode(body) else { preconditionFailure("a widget body is a JSON object") }
        self.init(kind: Body.kind, asOf: asOf, logPosition: logPosition, body: object)
    }

    /// Adds the common fields and `contentHash`: SHA-256 hex of the canonical JSON of everything else.
    init(kind: String, asOf: LocalDate, logPosition: Int64, body: [String: JSONValue]) {
        var object = body
        object["kind"] = .string(kind)
        object["schemaVersion"] = .int(Self.schemaVersion)
        object["asOf"] = .string(asOf.description)
        object["logPosition"] = .int(logPosition)
        object["contentHash"] = .string(Self.contentHash(of: .object(object)))
        fileName = kind + ".json"
        json = .object(object)
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
