import KakeiboDomain

/// The files an export wrote, with each one's content hash (empty for a file that carries none, such as a dashboard
/// page): `widgets export`'s listing, here with the other reports' text rather than in the CLI (issue 35).
public enum WrittenFileListing {
    public static func text(_ files: [(name: String, hash: String)], _ format: ReportFormat) -> String {
        switch format {
        case .json:
            return JSONValue.array(files.map { ["file": .string($0.name), "contentHash": $0.hash.isEmpty ? .null : .string($0.hash)] }).prettyString()
        case .csv:
            return CSVWriter.render(header: ["file", "content_hash"], rows: files.map { [$0.name, $0.hash] })
        case .table:
            var table = TextTable([("file", .left), ("content hash", .left)])
            for file in files { table.add([file.name, file.hash]) }
            return table.render()
        }
    }
}
