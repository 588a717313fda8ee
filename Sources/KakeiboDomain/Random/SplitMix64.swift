/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny generator that gives the same sequence for a seed on every
/// platform and Swift version, unlike the standard library's generators, whose algorithms are not promised.
///
/// The one copy: `LedgerEnvironment.deterministic` draws reproducible ids from it, and the tests' and benchmarks'
/// generated ledgers and journals add their draw helpers as extensions (`KakeiboTestSupport`, `LedgerGenerator`).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
