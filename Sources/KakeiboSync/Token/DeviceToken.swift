import Foundation
import KakeiboEventStore

/// A device's bearer token, `kkb_<12-character id>_<43-character secret>`.
///
/// The id finds the device row (Actual's prefix lookup); only SHA-256 of the secret is stored,
/// and compared in constant time. A fast hash suffices because the secret is 256 random bits,
/// not a password: there is nothing to guess from its hash.
public struct DeviceToken: Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var secret: String

    static let idAlphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")

    /// A new token from the system's random generator.
    public static func generate() -> DeviceToken {
        var rng = SystemRandomNumberGenerator()
        let id = String((0..<12).map { _ in idAlphabet[Int(rng.next(upperBound: UInt32(idAlphabet.count)))] })
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let secret = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return DeviceToken(id: id, secret: secret)
    }

    public init(id: String, secret: String) { self.id = id; self.secret = secret }

    /// Parses `kkb_<id>_<secret>`; nil for anything else. The secret may itself contain `_`.
    public init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 4 + 12 + 1 + 43, text.hasPrefix("kkb_"), utf8[16] == UInt8(ascii: "_") else { return nil }
        let id = String(decoding: utf8[4..<16], as: UTF8.self)
        let secret = String(decoding: utf8[17...], as: UTF8.self)
        guard id.allSatisfy({ Self.idAlphabet.contains($0) }),
              secret.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" })
        else { return nil }
        self.init(id: id, secret: secret)
    }

    public var description: String { "kkb_\(id)_\(secret)" }

    /// What the server stores: hex SHA-256 of the secret.
    public var secretSHA256: String { sha256Hex(Array(secret.utf8)) }

    /// Compares the secret's hash with a stored one without stopping at the first difference.
    public func matches(storedSHA256: String) -> Bool {
        let mine = Array(secretSHA256.utf8), theirs = Array(storedSHA256.utf8)
        guard mine.count == theirs.count else { return false }
        var difference: UInt8 = 0
        for index in mine.indices { difference |= mine[index] ^ theirs[index] }
        return difference == 0
    }
}
