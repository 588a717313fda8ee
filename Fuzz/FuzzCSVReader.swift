// fuzz-sources: Sources/KakeiboInterop/Common Sources/KakeiboInterop/CSV Sources/KakeiboInterop/Journal
import Foundation

/// The three bank layouts of Fixtures/csv, as rules the fuzzed statements are read through.
private let fixedRules: [CSVRules] = [
    "skip 1\nfields date, description, amount, balance\ncurrency USD\naccount1 assets:bank:a\nif CORNER SHOP|MARKET\n  account2 expenses:groceries\n",
    "skip 1\nseparator ;\nfields date, description, note, amount\ndate-format %d.%m.%Y\ndecimal-mark ,\ncurrency EUR\naccount1 assets:bank:b\naccount2 expenses:unknown\n",
    "fields date, description, amount-out, amount-in, currency\ndate-format %m/%d/%Y\naccount1 liabilities:card:c\nif Gas\n  account2 expenses:car\n",
].map { try! CSVRules.parse($0, file: "fixed.rules") }

/// Any bytes as a bank statement, the way `import csv` reads one: invalid UTF-8 refused, then
/// table, rules (when the input carries its own before a `\n---\n` line) and rows. Each row is
/// refused with an ImportError or read into a non-zero amount whose decimal form parses back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSVReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, let input = String(validating: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self) else {
        return 0
    }
    var rules = fixedRules[Int(data[0]) % fixedRules.count]
    var statement = input
    if let divider = input.range(of: "\n---\n") {
        guard let own = try? CSVRules.parse(String(input[..<divider.lowerBound]), file: "fuzz.rules") else { return 0 }
        rules = own
        statement = String(input[divider.upperBound...])
    }
    guard let table = try? CSVTable(text: statement, separator: rules.separator, file: "fuzz.csv") else { return 0 }
    for record in table.records.dropFirst(rules.skip) {
        guard let row = try? CSVRow(record, file: "fuzz.csv", rules: rules, currency: rules.currency ?? .usd) else { continue }
        guard !row.amount.isZero else { fatalError("a zero amount was read: \(record.text)") }
        guard (try? Money.parse(row.amount.decimalString, currency: row.amount.currency)) == row.amount else {
            fatalError("\(row.amount) does not parse back from its decimal form")
        }
        _ = try? row.amount.negated()
    }
    return 0
}
