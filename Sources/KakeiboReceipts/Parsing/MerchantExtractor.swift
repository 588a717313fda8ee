/// Picks the merchant's name from the header rows.
///
/// Skips what is not a name: addresses, phone and fax numbers, registration and tax numbers such as
/// `(123456-X)` or `GST NO:`, document titles, and low-confidence scribbles (a person's name
/// handwritten at the top of a scan). Company suffixes (SDN BHD, LLC, Ltd, Inc, GmbH…) are strong cues.
struct MerchantExtractor: Sendable {
    static let suffixes = ["SDN BHD", "SDNBHD", "BHD", "S/B", "LLC", "LTD", "LIMITED", "INC", "GMBH", "PLC", "CORP", "CORPORATION", "COMPANY", "ENTERPRISE", "ENTERPRISES", "TRADING", "PTY", "PTE", "CO", "SARL", "S.A.", "AG", "KG"]
    static let businessWords = ["RESTORAN", "RESTAURANT", "CAFE", "COFFEE", "MART", "HARDWARE", "STORE", "STORES", "SHOP", "BAKERY", "PHARMACY", "FARMASI", "MARKET", "HYPERMARKET", "SUPERMARKET", "KEDAI", "PASARAYA", "PERNIAGAAN", "STATION", "KITCHEN", "FLORIST", "BOOK", "BOOKS", "GOURMET", "CUISINE", "HOLDINGS", "MARKETING", "TRADING"]
    static let addressWords = ["JALAN", "JLN", "LORONG", "TAMAN", "ROAD", "STREET", "AVENUE", "BLVD", "LOT", "BLOK", "BLOCK", "FLOOR", "LEVEL", "SUITE", "KAMPUNG", "BANDAR", "PERSIARAN", "LEBUH", "SELANGOR", "JOHOR", "KUALA", "LUMPUR", "PETALING", "SHAH ALAM", "PUCHONG", "CHERAS", "NO"]
    static let notNameWords = ["TEL", "TELEPHONE", "PHONE", "FAX", "EMAIL", "WEBSITE", "WWW", "GST", "SST", "VAT", "REG", "ROC", "CO REG", "COMPANY NO", "INVOICE", "RECEIPT", "TAX", "WELCOME", "THANK", "CASHIER", "DATE", "TIME", "BILL", "TABLE", "ORDER", "SIMPLIFIED", "OFFICIAL", "COPY", "MEMBER", "SALES", "DOC", "TERMINAL", "POS"]
    /// Footer phrases (`Goods sold are not returnable`, `Please visit again`) that head a receipt cut at the top.
    /// Long enough to match within OCR's edit distance (`SIN BHE`).
    static let sdnBhd: Keyword = "SDN BHD"
    /// Document titles printed where a name could be.
    static let cashSale: [Keyword] = ["CASH SALE", "CASH BILL", "CASH RECEIPT"]
    static let footerWords = ["SOLD", "REFUNDABLE", "RETURNABLE", "EXCHANGEABLE", "PLEASE", "VISIT", "AGAIN"]

    static let headerEnd = ["INVOICE", "RECEIPT", "CASHIER", "BILL", "TABLE", "ORDER", "SALESPERSON", "SERVER", "DOCUMENT", "TERMINAL"]

    func extract(rows: [TextRow], stopRow: Int?, into receipt: inout ParsedReceipt, candidates found: inout [FieldCandidate<String>]) {
        // The header ends at the first document title (`TAX INVOICE`, `RECEIPT`…): below it come customers and items.
        let title = rows.prefix(12).first { row in row.index >= 1 && KeywordMatcher(row.text).words.contains { Self.headerEnd.contains($0) } }?.index
        let limit = min(stopRow ?? rows.count, rows.count, 12)
        var best: (text: String, score: Double, row: Int, strong: Bool)?
        let heights = RowGeometry(rows)
        var described: [FieldCandidate<String>] = []
        for row in rows.prefix(limit) {
            let text = row.text
            let upper = text.uppercased()
            let suffixText = Self.lettersForDigits(upper)
            let letters = text.filter(\.isLetter).count
            let digits = text.filter(\.isNumber).count
            let visible = text.filter { !$0.isWhitespace }.count
            guard letters >= 3, visible > 0 else { continue }
            let letterRatio = Double(letters) / Double(visible)
            let matcher = KeywordMatcher(upper)
            let suffixWords = KeywordMatcher(suffixText).words
            // `SDN BHD` is long enough to match within OCR's edit distance (`SIN BHE`); short suffixes must be exact.
            let strong = KeywordMatcher(suffixText).contains(Self.sdnBhd) || Self.suffixes.contains { suffix in
                suffix.contains(" ") || suffix.contains("/") || suffix.contains(".") ? suffixText.contains(suffix) : suffixWords.contains(suffix)
            }
            var score = 0.0
            if strong { score += 3 }
            let business = Self.businessWords.contains(where: { matcher.words.contains($0) })
            if business { score += 0.5 }
            let notName = matcher.words.contains(where: { w in Self.notNameWords.contains { $0 == w } })
            let footer = matcher.words.contains(where: { w in Self.footerWords.contains { $0 == w } })
            let address = matcher.words.contains(where: { w in Self.addressWords.contains { $0 == w } })
            if notName { score -= 3 }
            if !strong, footer { score -= 3 }
            // A place inside a name (`… CHERAS RESTAURANT`, `SDN BHD (TAMAN DAYA)`) is not an address line.
            if address {
                score -= (strong || business) && digits == 0 && !upper.contains(",") ? 1 : 2.5
            }
            // Printed names are capitals or Title Case; a row with no capital at all is a note or handwriting.
            if !text.contains(where: \.isUppercase) { score -= 2 }
            if upper.contains(",") && !strong { score -= 1 }
            if digits >= 4 && !strong { score -= 2 }
            if isRegistration(upper) { score -= 2 }
            if matcher.containsAny(Self.cashSale) { score -= 3 }
            // Below the document title come customers and items; a name there must earn its place.
            if let title, row.index >= title { score -= 2.5 }
            score += (letterRatio - 0.8) * 3
            score += (row.meanConfidence - 0.6) * 3
            // Nearer the top is likelier, but a handwritten name often sits above.
            score -= Double(row.index) * 0.3
            if matcher.words.filter({ $0.count >= 2 }).count < 1 { score -= 2 }
            let value = cleanName(strong ? trimmingBranch(text) : text)
            let centre = (row.minX + row.maxX) / 2
            let features: [(String, Double)] = [
                ("company_suffix", strong ? 1 : 0), ("business_word", business ? 1 : 0), ("not_name_word", notName ? 1 : 0),
                ("footer_word", footer ? 1 : 0), ("address_word", address ? 1 : 0),
                ("no_capital", text.contains(where: \.isUppercase) ? 0 : 1), ("comma", upper.contains(",") ? 1 : 0),
                ("many_digits", digits >= 4 ? 1 : 0), ("registration", isRegistration(upper) ? 1 : 0),
                ("cash_sale_title", matcher.containsAny(Self.cashSale) ? 1 : 0), ("below_title", title.map { row.index >= $0 } ?? false ? 1 : 0),
                ("letter_ratio", letterRatio), ("ocr", row.meanConfidence), ("row_index", Double(min(row.index, 12)) / 12),
                ("relative_y", row.minY), ("height_ratio", heights.ratio(row.index)), ("rule_score", max(min(score, 6), -6) / 4),
                // Set later: by `marking` (the rules' pick, extended), `joinedRows` and `shaped`.
                ("rule_pick", 0), ("extended", 0),
                ("word_count", Double(min(matcher.words.count, 8)) / 8), ("centred", 1 - min(abs(centre - 0.5) * 2, 1)),
                ("first_letters_row", described.isEmpty ? 1 : 0), ("joined_rows", 0), ("suffix_in_joined", 0),
                ("begins_with_suffix", 0), ("ends_with_suffix", 0),
            ]
            if !value.isEmpty { described.append(FieldCandidate(value: value, rows: [row.index], named: features)) }
            if best == nil || score > best!.score {
                best = (value, score, row.index, strong)
            }
        }
        let joined = joinedRows(described, rows: rows)
        defer { found = Self.marking(described + joined, pick: receipt.merchant).map(Self.shaped) }
        // A trading name that reappears below with a company suffix (`Cafe X` … `cafe x sdn bhd 123-W`) is that company.
        var cited = best.map { [$0.row] } ?? []
        if let chosen = best, !chosen.strong, let extended = legalName(of: chosen.text, in: rows.prefix(limit), after: chosen.row) {
            best = (extended.text, chosen.score, chosen.row, true)
            cited.append(extended.row)
        }
        // A suffix or a bracketed branch on a row of its own continues the name on the row above.
        if var chosen = best, chosen.row > 0, let previous = rows.first(where: { $0.index == chosen.row - 1 }) {
            // `CO. (M) SDN BHD`: a lone letter, such as the `(M)` for Malaysia, names nothing either.
            let nameWords = KeywordMatcher(chosen.text).words.filter { w in !Self.suffixes.contains(w) && w != "SDN" && w != "SON" && w.count > 1 }
            if chosen.text.hasPrefix("(") || nameWords.isEmpty,
               previous.text.filter(\.isLetter).count >= 3, !isRegistration(previous.text.uppercased()) {
                chosen.text = cleanName(previous.text + " " + chosen.text)
                best = chosen
                cited.insert(previous.index, at: 0)
            }
        }
        // A company name continues with a bracketed branch on the row below: `… SDN BHD` / `(JALAN KLANG LAMA)`.
        if var chosen = best, chosen.strong, !chosen.text.contains("("), let last = cited.max(),
           let next = rows.first(where: { $0.index == last + 1 }) {
            let text = next.text.trimmingSpaces()
            if text.hasPrefix("("), text.hasSuffix(")"), !text.contains(where: \.isNumber), text.filter(\.isLetter).count >= 3 {
                chosen.text += " " + text
                best = chosen
                cited.append(next.index)
            }
        }
        guard let best, best.score > -1.5, !best.text.isEmpty else {
            receipt.warnings.append("no merchant found")
            return
        }
        let ocr = rows.first { $0.index == best.row }?.meanConfidence ?? 0.5
        var confidence = (best.strong ? 0.8 : 0.55) + min(max(best.score, 0), 4) * 0.04
        confidence *= 0.7 + 0.3 * ocr
        receipt.merchant = ReceiptField(value: best.text, confidence: confidence, rows: cited)
    }

    /// A name printed over two or three rows (`AIK HUAT HARDWARE` / `ENTERPRISE (SETIA` / `ALAM) SDN BHD`) as one
    /// candidate per run of consecutive rows: the first row's features, with the cues of the rows it took in.
    private func joinedRows(_ described: [FieldCandidate<String>], rows: [TextRow]) -> [FieldCandidate<String>] {
        let flags = ["address_word", "registration", "not_name_word", "many_digits"]
        var result: [FieldCandidate<String>] = []
        for start in described.indices {
            var text = rows.first { $0.index == described[start].rows[0] }?.text ?? ""
            var candidate = described[start]
            var shorter = candidate.value
            for length in 1...2 {
                let next = start + length
                guard next < described.count, described[next].rows[0] == described[start].rows[0] + length,
                      let row = rows.first(where: { $0.index == described[next].rows[0] }) else { break }
                text += " " + row.text
                candidate.rows.append(row.index)
                candidate[feature: "joined_rows"] = Double(length)
                for flag in flags { candidate[feature: flag] = max(candidate[feature: flag], described[next][feature: flag]) }
                if described[next][feature: "company_suffix"] > 0 { candidate[feature: "suffix_in_joined"] = 1 }
                let strong = candidate[feature: "company_suffix"] > 0 || candidate[feature: "suffix_in_joined"] > 0
                candidate.value = cleanName(strong ? trimmingBranch(text) : text)
                // A name the suffix ends (`BLUE RIVER DINER LLC` / `418 MAPLE AVENUE`) trims the rows below away: the
                // same name cited with rows it no longer shows would not be the rows it came from.
                guard candidate.value != shorter else { break }
                shorter = candidate.value
                if !candidate.value.isEmpty { result.append(candidate) }
            }
        }
        return result
    }

    /// Where the name's company suffix sits: first (`CO. (M) SDN BHD`: the name began on the row above) or last
    /// (`… SDN BHD`: the legal name is complete).
    private static func shaped(_ candidate: FieldCandidate<String>) -> FieldCandidate<String> {
        let words = candidate.value.uppercased().split(separator: " ").map { String($0.filter { $0.isLetter || $0 == "/" }) }.filter { !$0.isEmpty }
        let suffixWords: Set<String> = ["CO", "SDN", "BHD", "S/B", "LTD", "LLC", "INC", "M", "PLC", "GMBH", "CORP", "LIMITED"]
        var shaped = candidate
        shaped[feature: "begins_with_suffix"] = words.first.map(suffixWords.contains) ?? false ? 1 : 0
        shaped[feature: "ends_with_suffix"] = words.last.map(suffixWords.contains) ?? false ? 1 : 0
        return shaped
    }

    /// Flags the rule's pick among the row candidates (`rule_pick`), adding it as a candidate of its own when
    /// the rule extended a row (`extended`: a legal name below, a suffix or branch on the next row).
    private static func marking(_ described: [FieldCandidate<String>], pick: ReceiptField<String>?) -> [FieldCandidate<String>] {
        guard let pick else { return described }
        var marked = described
        if let index = marked.firstIndex(where: { $0.value == pick.value }) {
            marked[index][feature: "rule_pick"] = 1
        } else if let base = marked.first(where: { pick.rows.contains($0.rows[0]) }) {
            var extended = base
            extended.value = pick.value
            extended.rows = pick.rows
            extended[feature: "rule_pick"] = 1
            extended[feature: "extended"] = 1
            marked.append(extended)
        }
        return marked
    }

    /// `EIGHT OUNCE COFFEE CO. THE GARDENS MALL` → the name ends at its company suffix; what follows is a
    /// branch or a place. A bracketed continuation, `SDN BHD (JALAN KLANG LAMA)`, stays.
    private func trimmingBranch(_ text: String) -> String {
        let words = text.split(separator: " ").map(String.init)
        let cores: Set<String> = ["BHD", "LLC", "LTD", "INC", "GMBH", "PLC", "CO", "CORP", "LIMITED", "S/B"]
        guard let end = words.indices.last(where: { i in cores.contains(words[i].uppercased().filter { $0.isLetter || $0 == "/" }) }),
              words.count - end - 1 >= 2, !(words[end + 1].hasPrefix("(")) else { return text }
        return words[...end].joined(separator: " ")
    }

    /// The name followed by a company suffix in a later header row, cut from that row.
    private func legalName(of name: String, in rows: ArraySlice<TextRow>, after row: Int) -> (text: String, row: Int)? {
        let target = Similarity.normalise(name)
        guard target.count >= 4 else { return nil }
        for candidate in rows where candidate.index > row {
            let words = candidate.text.split(separator: " ").map(String.init)
            let normalised = words.map { Similarity.normalise($0) }
            for start in words.indices {
                var end = start
                var joined = ""
                while end < words.count, joined.count < target.count {
                    joined = joined.isEmpty ? normalised[end] : joined + " " + normalised[end]
                    end += 1
                }
                guard joined == target, end < words.count else { continue }
                let tail = words[end...].map { Self.lettersForDigits($0.uppercased()) }
                // One or two suffix words right after the name: `SDN BHD`, `S/B`, `LTD`.
                for length in [2, 1] where tail.count >= length {
                    let suffix = tail.prefix(length).joined(separator: " ").filter { $0.isLetter || $0 == "/" || $0 == " " }
                    if Self.suffixes.contains(suffix) {
                        return (cleanName(words[start..<(end + length)].joined(separator: " ")), candidate.index)
                    }
                }
            }
        }
        return nil
    }

    /// `SDN 8HD`, `5DN BHD`: inside a word with letters, digits OCR confuses with letters are read as those letters.
    static func lettersForDigits(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            guard word.contains(where: \.isLetter) else { return String(word) }
            return String(word.map { c in
                switch c {
                case "0": "O"
                case "1": "I"
                case "5": "S"
                case "8": "B"
                default: c
                }
            })
        }.joined(separator: " ")
    }

    /// `(123456-X)`, `CO. NO. 1234567-W`: a registration number, not a name.
    /// A company number: four digits or more, a hyphen and one letter (`139386-X`). A line engine that keeps word
    /// spaces often reads the hyphen as a space (`(139386 X)`), which then stayed in the name of every receipt of
    /// that company (PP-OCRv6's text: 27 of one merchant group's receipts in the grouped CV).
    private func isRegistration(_ text: String) -> Bool {
        let chars = Array(text)
        for i in chars.indices where chars[i] == "-" || chars[i] == " " {
            let before = chars[..<i].reversed().prefix { $0.isNumber }.count
            if before >= 4, i + 1 < chars.count, chars[i + 1].isLetter,
               i + 2 == chars.count || !chars[i + 2].isLetter {
                return true
            }
        }
        return false
    }

    /// Drops a trailing registration number in brackets and stray punctuation around the name.
    private func cleanName(_ text: String) -> String {
        // Registration numbers after the name: `(123456-X)`, `1110644-V`, `[1234567]`.
        // `S/B(587969-U)`: a bracket starts a new word.
        let spaced = text.reduce(into: "") { out, character in
            if character == "(" { out.append(" ") }
            out.append(character)
        }
        var words = spaced.split(separator: " ").map(String.init)
        while let last = words.last, words.count > 1, last.filter(\.isNumber).count >= 4 || isRegistration(last.uppercased()) {
            words.removeLast()
        }
        var name = words.joined(separator: " ")
        if let open = name.lastIndex(of: "("), isRegistration(String(name[open...])) {
            name = String(name[..<open])
        }
        let junk: Set<Character> = [" ", ".", ",", ":", ";", "-", "_", "|", "'", "\"", "~", "*"]
        while let first = name.first, junk.contains(first) { name.removeFirst() }
        while let last = name.last, junk.contains(last) && last != "." { name.removeLast() }
        return WordSpacing.restore(Self.spacingSuffix(name))
    }

    /// Line engines often lose the gaps in a tightly printed name (`FRESHMARTHYPERSDNBHD`, `RIVERDINERLLC`): the company
    /// suffix, at least, is put back apart (`FRESHMARTHYPER SDN BHD`), so the payee reads as a company.
    static func spacingSuffix(_ name: String) -> String {
        name.split(separator: " ", omittingEmptySubsequences: true).map { word -> String in
            let upper = word.uppercased()
            for (glued, spaced) in [("SDNBHD", "SDN BHD"), ("SDN.BHD.", "SDN. BHD."), ("SDN.BHD", "SDN. BHD")] where upper.hasSuffix(glued) {
                let stem = word.dropLast(glued.count)
                return stem.isEmpty ? spaced : stem + " " + spaced
            }
            for suffix in ["SDN", "LLC", "LTD"] where upper.hasSuffix(suffix) && word.count >= 6 && word.dropLast(3).allSatisfy(\.isLetter) {
                return word.dropLast(3) + " " + word.suffix(3)
            }
            return String(word)
        }.joined(separator: " ")
    }
}
