// fuzz-sources: Sources/KakeiboInterop/Common Sources/KakeiboInterop/Journal

/// Any bytes as a journal: read with an ImportError naming where, or read into transactions that
/// balance per currency (the reader's promise to the importer). Includes are refused here: the
/// input names no real file, and a fuzzer must not read the disk.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournalReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self), !text.contains("include") else { return 0 }
    guard let journal = try? JournalReader.read(text: text, name: "fuzz.journal") else { return 0 }
    // A lot posting (`10 VTI {$210.00}`) is weighed by the decider from its lot input, so those are not summed here.
    for transaction in journal.transactions where !transaction.postings.contains(where: { $0.lot != nil }) {
        var sums: [Currency: Int64] = [:]
        for posting in transaction.postings {
            // A priced posting balances at its weight (`10 EUR @@ $11` counts $11), as the reader
            // balances it; hledger's inferred costs (issue 36) made every two-commodity conversion one.
            var weight = posting.amount
            if let cost = posting.cost, let weighed = try? cost.weight(of: posting.amount) { weight = weighed.0 }
            // Wrapping: a sum that is zero is zero modulo 2^64 too, so this never flags a balanced one.
            sums[weight.currency, default: 0] &+= weight.minorUnits
        }
        guard sums.values.allSatisfy({ $0 == 0 }) else { fatalError("an unbalanced transaction was read: \(transaction)") }
    }
    return 0
}
