/// Escaping for text and attribute values. Every string that came from the widget JSON goes
/// through here: category names, payees and notes come from people, receipts (OCR) and bank
/// imports, so a category named `<img src=x onerror=alert(1)>` must arrive as text, never markup.
enum HTML {
    static func escape(_ text: String) -> String {
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
}
