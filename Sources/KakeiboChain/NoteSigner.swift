import Crypto

/// An Ed25519 signing key with its C2SP name, as Go's `sumdb/note` keeps one:
/// `PRIVATE+KEY+NAME+KEYID+BASE64(0x01 ‖ SEED)`, the 32-byte seed RFC 8032 calls the private key.
///
/// Why Ed25519 (swift-crypto's `Curve25519.Signing`): 64-byte signatures and 32-byte keys, the
/// one algorithm every signed-note verifier accepts, deterministic (RFC 8032) so the same key and
/// text give the same line on Linux, where swift-crypto is BoringSSL. Never written to the log.
public struct NoteSigner: Sendable {
    public let name: String
    /// The 32-byte seed (kept as bytes: swift-crypto's key type is not `Sendable`).
    let seed: [UInt8]

    var privateKey: Curve25519.Signing.PrivateKey { try! Curve25519.Signing.PrivateKey(rawRepresentation: seed) }

    /// A new random key named `name`.
    public init(name: String) throws(SignedNoteError) {
        guard SignedNote.isKeyName(name) else { throw .badKey("a key name has no spaces or +: \(name)") }
        self.name = name
        seed = Array(Curve25519.Signing.PrivateKey().rawRepresentation)
    }

    public init(name: String, seed: [UInt8]) throws(SignedNoteError) {
        guard SignedNote.isKeyName(name) else { throw .badKey("a key name has no spaces or +: \(name)") }
        guard seed.count == 32, (try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)) != nil else {
            throw .badKey("an Ed25519 seed is 32 bytes")
        }
        self.name = name
        self.seed = seed
    }

    /// Reads `PRIVATE+KEY+NAME+KEYID+BASE64`; the key ID must be the one the name and key give.
    public init(privateKeyText text: String) throws(SignedNoteError) {
        let fields = SignedNote.trimmed(text).split(separator: "+", maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0] == "PRIVATE", fields[1] == "KEY" else { throw .badKey("not PRIVATE+KEY+NAME+KEYID+KEY") }
        guard let blob = Base64.decode(String(fields[4])), blob.count == 33, blob.first == SignedNote.Verifier.ed25519 else {
            throw .badKey("the key is not 0x01 and a 32-byte Ed25519 seed")
        }
        try self.init(name: String(fields[2]), seed: Array(blob.dropFirst()))
        guard String(fields[3]) == Self.hex8(verifier.keyID) else { throw .badKey("the key ID \(fields[3]) is not this key's") }
    }

    /// What a key file holds: `PRIVATE+KEY+NAME+KEYID+BASE64(0x01 ‖ SEED)`.
    public var privateKeyText: String {
        "PRIVATE+KEY+\(name)+\(Self.hex8(verifier.keyID))+" + Base64.encode([SignedNote.Verifier.ed25519] + seed)
    }

    public var verifier: SignedNote.Verifier {
        SignedNote.Verifier(name: name, publicKey: privateKey.publicKey)
    }

    /// The signature of `text` (a note's text, ending in a line break).
    public func sign(_ text: String) throws -> SignedNote.Signature {
        let signature = try privateKey.signature(for: Array(text.utf8))
        return SignedNote.Signature(name: name, keyID: verifier.keyID, bytes: Array(signature))
    }

    static func hex8(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
