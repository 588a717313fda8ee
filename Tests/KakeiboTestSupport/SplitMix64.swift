@_exported import struct KakeiboDomain.SplitMix64

/// Draws for generated test data, on the one `SplitMix64` (KakeiboDomain).
extension SplitMix64 {
    /// Uniform-enough value in `0..<bound` for test data.
    public mutating func next(upTo bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// Uniform value in `0..<1` with 53 random bits, for test data.
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
