// fuzz-sources: Sources/KakeiboReceipts

/// Geometry a hostile or broken engine might report, beside ordinary 0…1 values.
private let oddValues: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1, 1e300, -0.0, .leastNonzeroMagnitude, 0.5]

/// Any bytes as OCR observations: each line is one word, its first five bytes its x, y, width,
/// height and confidence (bytes below 10 pick an odd value such as NaN or infinity), the rest its
/// text. The parser must return, with no control character in any row or field, and a date that is
/// a real calendar date.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReceiptParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var observations: [TextObservation] = []
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        guard line.count >= 5 else { continue }
        let start = line.startIndex
        let geometry = (0..<5).map { offset -> Double in
            let byte = line[start + offset]
            return byte < 10 ? oddValues[Int(byte)] : Double(byte - 10) / 200
        }
        let text = String(decoding: line.dropFirst(5), as: UTF8.self)
        observations.append(TextObservation(text: text, x: geometry[0], y: geometry[1], width: geometry[2] / 4,
                                            height: geometry[3] / 20, confidence: geometry[4]))
    }
    let (rows, receipt) = ReceiptParser().parse(observations)
    let texts = rows.map(\.text) + [receipt.merchant?.value, receipt.date?.value, receipt.currency?.value].compactMap { $0 }
        + receipt.warnings
    for text in texts where text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        fatalError("a control character came out of the parser: \(text.debugDescription)")
    }
    if let date = receipt.date, receipt.localDate == nil { fatalError("date \(date.value) is not a calendar date") }
    return 0
}
