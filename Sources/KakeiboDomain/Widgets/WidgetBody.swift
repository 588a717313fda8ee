/// What one widget document says, apart from the header every document shares (`WidgetFile`).
/// The builder (KakeiboLedger/Widgets) fills it, `JSONValueEncoder` writes it and the dashboard
/// decodes it, so a renamed field breaks the build rather than a page.
///
/// How to add a document (say `holdings`):
/// 1. Here, `struct HoldingsWidget: WidgetBody` with `static let kind = "holdings"`. Properties are named as
///    the JSON keys; amounts are decimal `String`s, counts `Int`, basis points `Int64`; an optional is `null`
///    when nil, `@OmittedWhenNil` leaves the key out. Keys are sorted on output, so declaration order is free.
/// 2. The builder gets a `WidgetSnapshotBuilder+Holdings.swift` returning it; add `document(try holdings())` in `documents()`.
/// 3. Publish `Schemas/widgets/holdings.schema.json`, and give `WidgetSchemaTests.samples` a fully populated value.
/// 4. The dashboard reads it through a `DashboardDocuments` property (`WidgetFile<HoldingsWidget>?`), added to its `init`.
public protocol WidgetBody: Codable, Hashable, Sendable {
    /// The `kind` field, and the file's name without `.json`.
    static var kind: String { get }
}

/// The fields every widget document carries, and its body in the same JSON object.
public struct WidgetFile<Body: WidgetBody>: Codable, Hashable, Sendable {
    /// `Body.kind`.
    public var kind: String
    /// Bumped when a document changes shape; the JSON Schemas in `Schemas/widgets/` follow it.
    public var schemaVersion: Int64
    /// The ISO date the figures are as of.
    public var asOf: String
    /// The log position the document reflects.
    public var logPosition: Int64
    /// SHA-256 hex of the canonical JSON of the document without this field.
    public var contentHash: String
    public var body: Body

    public init(schemaVersion: Int64, asOf: String, logPosition: Int64, contentHash: String, body: Body) {
        kind = Body.kind
        self.schemaVersion = schemaVersion
        self.asOf = asOf
        self.logPosition = logPosition
        self.contentHash = contentHash
        self.body = body
    }

    enum CodingKeys: String, CodingKey { case kind, schemaVersion, asOf, logPosition, contentHash }

    /// Header and body share one object: the body decodes from the same keys and ignores the header's.
    public init(from decoder: any Decoder) throws {
        let header = try decoder.container(keyedBy: CodingKeys.self)
        kind = try header.decode(String.self, forKey: .kind)
        guard kind == Body.kind else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: header, debugDescription: "expected \"\(Body.kind)\", found \"\(kind)\"")
        }
        schemaVersion = try header.decode(Int64.self, forKey: .schemaVersion)
        asOf = try header.decode(String.self, forKey: .asOf)
        logPosition = try header.decode(Int64.self, forKey: .logPosition)
        contentHash = try header.decode(String.self, forKey: .contentHash)
        body = try Body(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var header = encoder.container(keyedBy: CodingKeys.self)
        try header.encode(kind, forKey: .kind)
        try header.encode(schemaVersion, forKey: .schemaVersion)
        try header.encode(asOf, forKey: .asOf)
        try header.encode(logPosition, forKey: .logPosition)
        try header.encode(contentHash, forKey: .contentHash)
        try body.encode(to: encoder)
    }
}
