import KakeiboDomain
import PropertyBased
import Testing

/// Properties of the readers a typed command line goes through: amounts (`Money.parse`), dates (`LocalDate(iso:)`,
/// `DateExpression`) and account names (`AccountName`). Issue 29: `expense 1.5` trapped because nothing fed these
/// readers the forms people type; these generate them. Swift Testing (swift-property-based), so `make test` runs
/// them in a step of their own (`swift test --disable-xctest --filter ReaderPropertyTests`).
@Suite struct ReaderPropertyTests {
    static let currencies: [Currency] = [.usd, .jpy, .kwd, Currency(uncheckedCode: "BTC", minorDigits: 8)]

    /// Every Int64, the edges drawn often: min, max, zero, ±1 and the largest values short of 18 and 19 digits.
    static let minorUnits = Gen.oneOf(
        Gen.int64(),
        Gen.int64(in: -100_000...100_000),
        Gen<Int64?>.element(of: [Int64.min, Int64.max, 0, -1, 1, Int64.min + 1, 999_999_999_999_999_999, -999_999_999_999_999_999,
                                100_000_000_000_000_000, 5, 50, -50])
            .map { $0 ?? 0 }
    )

    @Test func anAmountReadsBackFromItsDecimalString() async {
        await propertyCheck(count: 2_000, input: Self.minorUnits, Gen<Currency?>.element(of: Self.currencies)) { units, currency in
            let currency = currency ?? .usd
            let money = Money(minorUnits: units, currency: currency)
            #expect(throws: Never.self) { try Money.parse(money.decimalString, currency: currency) }
            #expect((try? Money.parse(money.decimalString, currency: currency)) == money, "\(money.decimalString)")
        }
    }

    /// The short forms of N1: `1.5`, `.5`, `0.5`, `1.0` and `1.50` are all one amount.
    @Test func shortDecimalFormsReadAsTheirValue() async {
        await propertyCheck(count: 1_000, input: Gen.int64(in: 0...99_999), Gen.int(in: 0...9)) { whole, tenth in
            let cents = whole * 100 + Int64(tenth) * 10
            for text in ["\(whole).\(tenth)", "\(whole).\(tenth)0", "+\(whole).\(tenth)"] + (whole == 0 ? [".\(tenth)", ".\(tenth)0"] : []) {
                #expect((try? Money.parse(text, currency: .usd))?.minorUnits == cents, "\(text)")
            }
            #expect((try? Money.parse("-\(whole).\(tenth)", currency: .usd))?.minorUnits == -cents)
            #expect((try? Money.parse("\(whole).0", currency: .usd))?.minorUnits == whole * 100)
        }
    }

    /// Digits grouped by commas in threes (`1,234,567.89`) read as the same amount.
    @Test func groupedAmountsReadAsUngrouped() async {
        await propertyCheck(count: 1_000, input: Gen.int64(in: 1_000...999_999_999_999)) { units in
            let money = Money(minorUnits: units, currency: .usd)
            let plain = money.decimalString
            let parts = plain.split(separator: ".")
            var grouped = ""
            for (index, digit) in parts[0].reversed().enumerated() {
                if index > 0 && index % 3 == 0 { grouped.insert(",", at: grouped.startIndex) }
                grouped.insert(digit, at: grouped.startIndex)
            }
            #expect((try? Money.parse(grouped + "." + parts[1], currency: .usd)) == money, "\(grouped)")
        }
    }

    /// Characters of typed and hostile amounts: digits of several scripts, separators, signs, spaces of every width,
    /// invisible and combining scalars, letters, currency signs.
    static let amountCharacters: [Character] = Array("0123456789012345.,.,-+ '_eE$€¥") + ["\u{00A0}", "\u{202F}", "\u{200B}", "\u{FEFF}",
        "\u{0301}", "٫", "٬", "١", "٥", "۱", "１", "５", "．", "−", "½", "𝟏", "\u{0000}", "\n", "é", "a"]

    /// `parse` never traps, whatever the text; what it reads, it prints back and reads again to the same amount.
    @Test func parseNeverTrapsAndWhatItReadsIsStable() async {
        let text = Gen<Character?>.element(of: Self.amountCharacters).map { $0 ?? "0" }.string(of: 0...30)
        await propertyCheck(count: 5_000, input: text, Gen<Currency?>.element(of: Self.currencies)) { text, currency in
            let currency = currency ?? .usd
            guard let money = try? Money.parse(text, currency: currency) else { return }
            #expect((try? Money.parse(money.decimalString, currency: currency)) == money, "\(text.debugDescription)")
        }
    }

    @Test func parseNeverTrapsOnArbitraryScalars() async {
        let scalar = Gen<UInt32>.value(in: 0...0x10FFFF).compactMap { Unicode.Scalar($0).map(Character.init) }
        await propertyCheck(count: 3_000, input: scalar.string(of: 0...12)) { text in
            _ = try? Money.parse(text, currency: .usd)
            _ = try? Money.parse(text, currency: .jpy)
            _ = try? LocalDate(iso: text)
            _ = try? AccountName(text)
        }
    }

    // MARK: - Dates

    static let firstDay = try! LocalDate(year: 1, month: 1, day: 1).daysSinceEpoch
    static let lastDay = try! LocalDate(year: 9999, month: 12, day: 31).daysSinceEpoch
    /// Every day of years 1 to 9999, the edges drawn often.
    static let validDates = Gen.oneOf(Gen.int(in: firstDay...lastDay),
                                      Gen<Int?>.element(of: [firstDay, lastDay, 0, -1, 11_016, 20_513]).map { $0 ?? 0 })
        .map { LocalDate(daysSinceEpoch: $0) }

    @Test func aDateReadsBackFromItsISOText() async {
        await propertyCheck(count: 2_000, input: Self.validDates) { date in
            #expect((try? LocalDate(iso: date.description)) == date)
            #expect(LocalDate(daysSinceEpoch: date.daysSinceEpoch) == date)
            #expect(date.description.utf8.count == 10)
            #expect((try? DateExpression.date(date.description, today: date)) == date)
        }
    }

    /// Year, month and day each from a range wider than the calendar's: accepted exactly when the date exists.
    @Test func theISOReaderAcceptsExactlyTheDatesThatExist() async {
        await propertyCheck(count: 3_000, input: Gen.int(in: 0...9999), Gen.int(in: 0...13), Gen.int(in: 0...32)) { year, month, day in
            let text = Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
            let exists = (try? LocalDate(year: year, month: month, day: day)) != nil
            #expect(((try? LocalDate(iso: text)) != nil) == exists, "\(text)")
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            if month == 2 && day == 29 && year >= 1 { #expect(exists == leap, "\(text)") }
        }
    }

    static let dateCharacters: [Character] = Array("0123456789-/.: TW") + ["٠", "٢", "２", "\u{200B}", "\u{00A0}", "t", "o", "d", "a", "y"]

    /// `LocalDate(iso:)` and `DateExpression` (`-b`, `-e`, `-p`) never trap; what the ISO reader accepts, it prints back.
    @Test func dateReadersNeverTrap() async {
        let today = try! LocalDate(year: 2026, month: 11, day: 21)
        let words = Gen<String?>.element(of: ["today", "yesterday", "tomorrow", "this month", "last month", "2026", "2026-Q3",
                                               "2026-W53", "2026-W00", "0000-01-01", "9999-12-31", "10000-01-01", "2026-02-29"])
            .map { $0 ?? "" }
        let noise = Gen<Character?>.element(of: Self.dateCharacters).map { $0 ?? "0" }.string(of: 0...14)
        await propertyCheck(count: 3_000, input: Gen.oneOf(words, noise)) { text in
            if let date = try? LocalDate(iso: text), text.contains("-") { #expect(date.description == text) }
            _ = try? DateExpression.date(text, today: today)
            _ = try? DateExpression.span(text, today: today)
        }
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    // MARK: - Names

    /// Letters with a precomposed (NFC) and a decomposed (NFD) spelling: Latin, kana with dakuten, Hangul.
    static let twins: [(nfc: String, nfd: String)] = [("é", "e\u{0301}"), ("ü", "u\u{0308}"), ("ñ", "n\u{0303}"), ("å", "a\u{030A}"),
                                                     ("ç", "c\u{0327}"), ("ô", "o\u{0302}"), ("が", "か\u{3099}"), ("가", "\u{1100}\u{1161}")]

    /// Names made of plain letters and twins, spelt NFC and NFD: the same name.
    static let twinNames = Gen.int(in: 0...Int.max).array(of: 1...8).map { picks -> (String, String) in
        var nfc = "expenses:", nfd = "expenses:"
        for pick in picks {
            if pick % 3 == 0 {
                let plain = String(Character(Unicode.Scalar(UInt8(97 + pick % 26))))
                nfc += plain
                nfd += plain
            } else {
                let twin = twins[pick % twins.count]
                nfc += twin.nfc
                nfd += twin.nfd
            }
        }
        return (nfc, nfd)
    }

    @Test func canonicallyEquivalentNamesAreTheSameName() async {
        await propertyCheck(count: 500, input: Self.twinNames) { nfc, nfd in
            let composed = try? AccountName(nfc), decomposed = try? AccountName(nfd)
            #expect(composed != nil && decomposed != nil)
            #expect(composed == decomposed)
        }
    }

    /// N13 (open while this was written): names are stored as typed, so SQLite, which compares bytes, keeps two
    /// accounts for one name. Known issue until names are normalised (NFC) on input; intermittent, so the fix does
    /// not fail this test (then remove the `withKnownIssue`).
    @Test func canonicallyEquivalentNamesAreStoredAlike() async {
        await withKnownIssue("N13: account names are not normalised to NFC", isIntermittent: true) {
            await propertyCheck(count: 200, input: Self.twinNames) { nfc, nfd in
                let composed = try? AccountName(nfc), decomposed = try? AccountName(nfd)
                #expect(Array(composed?.rawValue.utf8 ?? "".utf8) == Array(decomposed?.rawValue.utf8 ?? "".utf8))
            }
        }
    }

    /// Scalars no name may hold: C0 and C1 controls, DEL.
    static let controls: [Unicode.Scalar] = (0..<0x20).compactMap(Unicode.Scalar.init) + [Unicode.Scalar(0x7F)!]
        + (0x80...0x9F).compactMap { Unicode.Scalar(UInt32($0)) }
    /// Invisible scalars: zero-width space, joiners, word joiner, BOM, bidi marks and overrides.
    static let invisible: [Unicode.Scalar] = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x200E, 0x200F, 0x202E, 0x2066]
        .compactMap { Unicode.Scalar(UInt32($0)) }

    @Test func aNameNeverHoldsAControlCharacter() async {
        await propertyCheck(count: 1_000, input: Gen.int(in: 0...Int.max), Gen<Unicode.Scalar?>.element(of: Self.controls)) { at, scalar in
            var scalars = Array("expenses:food".unicodeScalars)
            scalars.insert(scalar ?? "\u{0}", at: at % (scalars.count + 1))
            let text = String(String.UnicodeScalarView(scalars))
            #expect((try? AccountName(text)) == nil, "\(text.debugDescription)")
        }
    }

    /// B23 (open while this was written): `category add $'zero\u200bwidth'` is accepted. Known issue, intermittent so the
    /// fix does not fail this test (then remove the `withKnownIssue`).
    @Test func aNameNeverHoldsAZeroWidthCharacter() async {
        await withKnownIssue("B23: zero-width characters are accepted in names", isIntermittent: true) {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max), Gen<Unicode.Scalar?>.element(of: Self.invisible)) { at, scalar in
            var scalars = Array("expenses:food".unicodeScalars)
            scalars.insert(scalar ?? "\u{200B}", at: at % (scalars.count + 1))
            let text = String(String.UnicodeScalarView(scalars))
            #expect((try? AccountName(text)) == nil, "\(text.debugDescription)")
        }
        }
    }

    /// Whatever the text, the name reader does not trap, and what it accepts has no empty part and no control.
    @Test func whatTheNameReaderAcceptsIsWellFormed() async {
        let characters: [Character] = Array("abc:: xyz") + ["é", "e\u{0301}", "\u{200B}", "\u{0007}", "\t", "\n", "食", "-", "=", "@"]
        await propertyCheck(count: 3_000, input: Gen<Character?>.element(of: characters).map { $0 ?? "a" }.string(of: 0...24)) { text in
            guard let name = try? AccountName(text) else { return }
            #expect(!name.components.contains { $0.isEmpty }, "\(text.debugDescription)")
            #expect(!name.rawValue.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }
}
