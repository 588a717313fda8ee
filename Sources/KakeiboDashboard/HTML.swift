/// Escaping for text and attribute values. Every string that came from the widget JSON goes
/// through here: category names, payees and notes come from people, receipts (OCR) and bank
/// imports, so a category named `<img src=x onerror=alert(1)>` must arrive as text, never markup.
enum HTML {
    static func escape(_ text: String) -> String {
        // Nearly every string (figures, dates, most names) needs nothing: a scan of its bytes hands it back as it
        // is, instead of rebuilding it scalar by scalar. Escaping was 12.7 % of `dashboard-bench 300 20` (perf, release).
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // C0 controls (but tab, newline) and DEL are parse errors in HTML; show a replacement character.
            case "\u{0}"..."\u{8}", "\u{B}"..."\u{1F}", "\u{7F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The bytes `escape` replaces: all ASCII, so no byte of a longer UTF-8 sequence is one of them.
    static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0x00...0x08, 0x0B...0x1F, 0x7F: true
        default: false
        }
    }
}
