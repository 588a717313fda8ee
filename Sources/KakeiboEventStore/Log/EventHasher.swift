import Crypto
import KakeiboDomain

/// The hash chain: each event's hash is
/// SHA-256(previous hash ‖ canonical envelope header ‖ canonical payload).
/// Both JSON documents are self-delimiting, so the concatenation is unambiguous.
public enum EventHasher {
    /// The previous hash of the very first event.
    public static let genesis = [UInt8](repeating: 0, count: 32)

    public static func hash(previous: [UInt8], envelope: EventEnvelope, payload: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: previous)
        hasher.update(data: envelope.canonicalHeaderBytes)
        hasher.update(data: payload)
        return Array(hasher.finalize())
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
