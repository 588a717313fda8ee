/// Deterministic PRNG for reproducible generated test data (Steele, Lea & Flood, 2014):
/// the same seed gives the same sequence on every platform and Swift version.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform-enough value in `0..<bound` for test data.
    public mutating func next(upTo bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// Uniform value in `0..<1` with 53 random bits, for test data.
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
