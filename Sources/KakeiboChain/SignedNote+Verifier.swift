import Crypto

extension SignedNote {
    /// A public key with its name, as a verifier key string: `NAME+KEYID+BASE64(0x01 ‖ PUBLIC KEY)`, the key ID
    /// being the first 4 bytes of SHA-256(NAME ‖ 0x0A ‖ 0x01 ‖ PUBLIC KEY), big-endian (c2sp.org/signed-note).
    public struct Verifier: Hashable, Sendable, CustomStringConvertible {
        /// The signature type byte of Ed25519.
        static let ed25519: UInt8 = 0x01

        public let name: String
        public let publicKey: [UInt8]

        public init(name: String, publicKey: Curve25519.Signing.PublicKey) {
            self.name = name
            self.publicKey = Array(publicKey.rawRepresentation)
        }

        /// Reads `NAME+KEYID+BASE64`, refusing a key whose ID does not match its name and key.
        public init(_ text: String) throws(SignedNoteError) {
            let fields = SignedNote.trimmed(text).split(separator: "+", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, SignedNote.isKeyName(String(fields[0])), fields[1].count == 8, let id = UInt32(fields[1], radix: 16) else {
                throw .badKey("not NAME+KEYID+KEY")
            }
            guard let blob = Base64.decode(String(fields[2])), blob.count == 33, blob.first == Self.ed25519,
                  (try? Curve25519.Signing.PublicKey(rawRepresentation: Array(blob.dropFirst()))) != nil else {
                throw .badKey("the key is not 0x01 and a 32-byte Ed25519 public key")
            }
            name = String(fields[0])
            publicKey = Array(blob.dropFirst())
            guard keyID == id else { throw .badKey("the key ID \(fields[1]) is not this key's") }
        }

        public var keyID: UInt32 {
            let digest = SHA256.hash(data: Array(name.utf8) + [0x0a, Self.ed25519] + publicKey)
            return SignedNote.uint32(Array(digest).prefix(4))
        }

        public var description: String {
            "\(name)+\(NoteSigner.hex8(keyID))+" + Base64.encode([Self.ed25519] + publicKey)
        }

        /// Whether `signature` is this key's Ed25519 signature of `text` (name and key ID are compared by the caller).
        public func verifies(_ signature: Signature, of text: String) -> Bool {
            guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
            return key.isValidSignature(signature.bytes, for: Array(text.utf8))
        }
    }
}
