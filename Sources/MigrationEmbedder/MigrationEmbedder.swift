import Foundation

/// Writes a Swift file declaring `embeddedMigrations`, one `(identifier, sql)` pair per
/// `NNNN_name.sql` file, in file-name order. Run by the EmbedMigrations build plugin.
@main
struct MigrationEmbedder {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let outputPath = arguments.first else {
            FileHandle.standardError.write(Data("usage: MigrationEmbedder OUTPUT.swift FILE.sql...\n".utf8))
            exit(2)
        }
        var source = "// Generated from Migrations/*.sql by MigrationEmbedder. Do not edit.\n"
        source += "let embeddedMigrations: [(identifier: String, sql: String)] = [\n"
        for path in arguments.dropFirst().sorted() {
            let url = URL(fileURLWithPath: path)
            let sql = try String(contentsOf: url, encoding: .utf8)
            let identifier = url.deletingPathExtension().lastPathComponent
            // A raw string with enough '#' that no sequence inside the SQL can close it.
            var hashes = "#"
            while sql.contains("\"" + hashes) { hashes += "#" }
            source += "    (\(String(reflecting: identifier)), \(hashes)\"\"\"\n\(sql)\n\"\"\"\(hashes)),\n"
        }
        source += "]\n"
        try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
    }
}
