import Crypto
import KakeiboChain
import KakeiboDomain

/// The hash chain: each event's hash is
/// SHA-256(previous hash ‖ canonical envelope header ‖ canonical payload).
/// The function itself is `ChainHash` in KakeiboChain (issue 35), where an offline proof
/// checker, with no event store, recomputes it from a proof's bytes.
public enum EventHasher {
    /// The previous hash of the very first event.
    public static let genesis = ChainHash.genesis

    public static func hash(previous: [UInt8], envelope: EventEnvelope, payload: [UInt8]) -> [UInt8] {
        ChainHash.hash(previous: previous, header: envelope.canonicalHeaderBytes, payload: payload)
    }

    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: bytes))
    }

    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
