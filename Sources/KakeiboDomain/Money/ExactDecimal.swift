/// A decimal number kept exactly as written: `1.09` is 109 × 10⁻², and `1.090` keeps its zero.
///
/// Prices need it: a unit price such as 0.007235 has more digits than the commodity it is
/// quoted in, and an export must write back what the user wrote (beancount #725 is what
/// happens when a printer recomputes it).
public struct ExactDecimal: Hashable, Sendable, CustomStringConvertible {
    public let mantissa: Int64
    /// Digits after the decimal point, 0...18.
    public let scale: Int

    public init(mantissa: Int64, scale: Int) {
        precondition((0...18).contains(scale), "scale must be 0...18")
        self.mantissa = mantissa
        self.scale = scale
    }

    /// Parses `1.09`, `-0.5`, `40000`, `+2.495`: digits with at most one "." and an optional sign,
    /// no grouping (callers normalise decimal commas and drop group marks first).
    public init(parsing text: String) throws(MoneyError) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var value: Int64 = 0
        var scale = 0
        var seenPoint = false
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { throw .invalidAmount(text, reason: "it has two decimal points") }
                seenPoint = true
                continue
            }
            guard (0x30...0x39).contains(byte) else {
                throw .invalidAmount(text, reason: "unexpected character \"\(String(decoding: [byte], as: UTF8.self))\"")
            }
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.addingReportingOverflow(Int64(byte - 0x30))
            guard !o1, !o2 else { throw .overflow }
            value = next
            digits += 1
            if seenPoint { scale += 1 }
        }
        guard digits > 0 else { throw .invalidAmount(text, reason: "there are no digits") }
        guard scale <= 18 else { throw .invalidAmount(text, reason: "more than 18 decimals") }
        self.init(mantissa: negative ? -value : value, scale: scale)
    }

    public var isNegative: Bool { mantissa < 0 }

    /// The number with exactly `scale` decimals, as it was written (less any "+" or grouping).
    public var description: String {
        let magnitude = String(mantissa.magnitude)
        let sign = mantissa < 0 ? "-" : ""
        guard scale > 0 else { return sign + magnitude }
        let padded = String(repeating: "0", count: max(0, scale + 1 - magnitude.count)) + magnitude
        return sign + padded.dropLast(scale) + "." + padded.suffix(scale)
    }

    /// The same number with at most `digits` decimals, trailing zeros beyond them dropped; nil
    /// when that would need rounding.
    public func rescaled(toAtMost digits: Int) -> ExactDecimal? {
        var mantissa = self.mantissa, scale = self.scale
        while scale > digits {
            guard mantissa % 10 == 0 else { return nil }
            mantissa /= 10
            scale -= 1
        }
        return ExactDecimal(mantissa: mantissa, scale: scale)
    }
}
