/// `index.json`: every other document of the export, with its schema and hash, so a reader can tell
/// two exports mixed in one folder apart.
public struct IndexWidget: WidgetBody {
    public static let kind = "index"

    public struct Entry: Codable, Hashable, Sendable {
        /// `budgets.json`.
        public var file: String
        public var kind: String
        /// `widgets/budgets.schema.json`.
        public var schema: String
        public var contentHash: String

        public init(file: String, kind: String, schema: String, contentHash: String) {
            self.file = file; self.kind = kind; self.schema = schema; self.contentHash = contentHash
        }
    }

    public var documents: [Entry]

    public init(documents: [Entry]) { self.documents = documents }
}
