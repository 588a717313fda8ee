extension String {
    /// How many terminal columns the text takes: two for an East Asian wide or full-width character and for an
    /// emoji shown as one, none for a character that draws nothing (a lone joiner or combining mark), one for the
    /// rest. `count` counts characters, so `ｆｕｌｌ` and `食堂` pushed their table columns out of line (issue 29, B23).
    /// The ranges are wcwidth's (Markus Kuhn's), which terminals follow.
    public var displayWidth: Int {
        // Printable ASCII is one column a byte: most cells are, and looking up each character's Unicode
        // properties took 42 % of `register` on a 100k-event ledger (perf, release).
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
        return reduce(0) { $0 + $1.displayWidth }
    }
}

extension Character {
    public var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) || (scalars.count > 1 && first.properties.isEmoji
            && scalars.contains { $0.value == 0xFE0F || $0.value == 0x200D }) {
            return 2
        }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark
            || first.properties.generalCategory == .format {
            return 0
        }
        return Self.isWide(first.value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD,
             0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
