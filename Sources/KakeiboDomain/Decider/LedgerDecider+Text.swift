// Free text (payees, memos, names): printable and bounded before it reaches a terminal or an export.

extension LedgerDecider {
    /// Free text ends up in terminals and exports: keep it printable and bounded.
    func checkText(_ text: String, field: String) throws {
        guard !text.isEmpty, FreeText.fitsLength(text) else {
            throw LedgerError.invalidText(field: field, reason: "it must be 1 to \(FreeText.maximumBytes) bytes long")
        }
        if FreeText.containsControlCharacter(text) {
            throw LedgerError.invalidText(field: field, reason: "it contains a control character")
        }
        // `--payee "   "` and an invisible character made entries that look blank or identical (issue 29, B23).
        if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            throw LedgerError.invalidText(field: field, reason: "it is only spaces")
        }
        if let invisible = FreeText.strayInvisible(in: text) {
            throw LedgerError.invalidText(field: field, reason: "it contains the invisible character U+"
                                          + String(invisible.value, radix: 16, uppercase: true) + ", which makes two different texts look the same")
        }
        // Bidirectional controls reorder what a terminal shows: `history` could be made to lie.
        if let bidi = text.unicodeScalars.first(where: { bidiControls.contains($0.value) }) {
            throw LedgerError.invalidText(field: field, reason: "it contains the bidirectional control character U+"
                                          + String(bidi.value, radix: 16, uppercase: true)
                                          + ", which can make text display in a misleading order")
        }
    }

    func checkOptionalText(_ text: String?, field: String) throws {
        if let text { try checkText(text, field: field) }
    }
}

/// LRM, RLM, ALM and the embedding, override and isolate controls.
private let bidiControls: Set<UInt32> = [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                         0x2066, 0x2067, 0x2068, 0x2069]
