/// RFC 4180 CSV. Text cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`)
/// are prefixed with `'`; plain numbers such as `-12.50` are left as they are.
public enum CSVWriter {
    public static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(cell).joined(separator: ",") }.joined(separator: "\n")
    }

    public static func cell(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), !isNumber(value) {
            value = "'" + value
        }
        if value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            // Scalar by scalar, not Foundation's replacingOccurrences: this module is Foundation-free.
            var quoted = String.UnicodeScalarView()
            for scalar in value.unicodeScalars {
                quoted.append(scalar)
                if scalar == "\"" { quoted.append(scalar) }
            }
            return "\"" + String(quoted) + "\""
        }
        return value
    }

    private static func isNumber(_ text: String) -> Bool {
        var digits = text.utf8.dropFirst(text.hasPrefix("-") || text.hasPrefix("+") ? 1 : 0)
        guard !digits.isEmpty else { return false }
        var seenDot = false
        while let byte = digits.popFirst() {
            if byte == UInt8(ascii: ".") && !seenDot { seenDot = true; continue }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
        }
        return true
    }
}
