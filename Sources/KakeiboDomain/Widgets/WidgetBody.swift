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

/// The fields every widget document carries, whatever its kind: what a reader checks before trusting
/// the body (is it as of today, at the ledger's head, the document the index lists).
public struct WidgetHeader: Codable, Hashable, Sendable {
    /// `budgets`, `index`, …: the body's `kind`.
    public var kind: String
    /// Bumped when a document changes shape; the JSON Schemas in `Schemas/widgets/` follow it.
    public var schemaVersion: Int64
    /// The ISO date the figures are as of.
    public var asOf: String
    /// The log position the document reflects.
    public var logPosition: Int64
    /// SHA-256 hex of the canonical JSON of the document without this field.
    public var contentHash: String

    public init(kind: String, schemaVersion: Int64, asOf: String, logPosition: Int64, contentHash: String) {
        self.kind = kind; self.schemaVersion = schemaVersion; self.asOf = asOf; self.logPosition = logPosition; self.contentHash = contentHash
    }
}

/// One widget document: its header and its body, side by side in one JSON object.
public struct WidgetFile<Body: WidgetBody>: Codable, Hashable, Sendable {
    public var header: WidgetHeader
    public var body: Body

    public init(schemaVersion: Int64, asOf: String, logPosition: Int64, contentHash: String, body: Body) {
        header = WidgetHeader(kind: Body.kind, schemaVersion: schemaVersion, asOf: asOf, logPosition: logPosition, contentHash: contentHash)
        self.body = body
    }

    /// The body decodes from the same object and ignores the header's keys; a document of another kind is refused.
    public init(from decoder: any Decoder) throws {
        header = try WidgetHeader(from: decoder)
        guard header.kind == Body.kind else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a \"\(Body.kind)\" document, not \"\(header.kind)\""))
        }
        body = try Body(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try header.encode(to: encoder)
        try body.encode(to: encoder)
    }
}
