import Foundation
import KakeiboDomain

/// `; import-digest: <32 hex digits>`: the content digest a journal import recorded a lot
/// transaction under, written by `JournalExporter` on its own comment line (issue 36).
///
/// An export writes a sale one line per lot at that lot's basis beside the gains posting (the
/// only form hledger 1.25 balances with the gain in it), and an acquisition with the `@` the
/// decider gave it, so neither reads back to the content the import digested. hledger reads the
/// comment as a tag and ignores it; `import journal` keys the transaction by the digest instead
/// of its lines and leaves the tag out of the memo, so re-importing an export (or the original
/// journal into a ledger built from the export) appends nothing. Without it the brokerage
/// fixture's export appended all seven lot transactions again, selling every lot twice.
enum ImportDigestTag {
    static let name = "import-digest"

    /// The comment line an export writes under the transaction's header.
    static func line(_ hexDigest: String) -> String { "    ; \(name): \(hexDigest)\n" }

    /// The digest's bytes a memo carries, if any. Bytes, not `JournalImporter.ImportKey.Digest`: this file
    /// is compiled into the CSV and journal fuzz targets, which leave the importer (it imports the ledger) out.
    static func digest(in memo: String?) -> [UInt8]? {
        guard let memo, let range = find(in: memo) else { return nil }
        let hex = memo[range].suffix(32)
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }

    /// The transaction as the ledger records it: the tag taken out of its memo (and the space
    /// that joined it to the rest), so the memo is what the exported transaction had.
    static func removed(from input: LedgerCommand.TransactionInput) -> LedgerCommand.TransactionInput {
        guard let memo = input.memo, var range = find(in: memo) else { return input }
        if range.lowerBound > memo.startIndex, memo[memo.index(before: range.lowerBound)] == " " {
            range = memo.index(before: range.lowerBound)..<range.upperBound
        } else if range.upperBound < memo.endIndex, memo[range.upperBound] == " " {
            range = range.lowerBound..<memo.index(after: range.upperBound)
        }
        var input = input
        let rest = memo.replacingCharacters(in: range, with: "")
        input.memo = rest.isEmpty ? nil : rest
        return input
    }

    /// `import-digest: ` followed by 32 lowercase hex digits.
    private static func find(in memo: String) -> Range<String.Index>? {
        var from = memo.startIndex
        while let found = memo.range(of: name + ": ", range: from..<memo.endIndex) {
            let digits = memo[found.upperBound...].prefix(32)
            if digits.count == 32, digits.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
                return found.lowerBound..<digits.endIndex
            }
            from = found.upperBound
        }
        return nil
    }
}
