/// A saved point of the hash chain, `POSITION:HEX`: the hash the event at that position had.
///
/// Keep one somewhere else (a note, a password manager): a log can only be proven untouched
/// up to a digest the user kept, since whoever can rewrite the file can also re-hash it.
public struct ChainDigest: Hashable, Sendable, CustomStringConvertible {
    public var position: Int64
    public var hash: [UInt8]

    public init(position: Int64, hash: [UInt8]) {
        self.position = position
        self.hash = hash
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let position = Int64(parts[0]), position >= 0,
              let hash = bytes(fromHex: String(parts[1])), hash.count == 32 else { return nil }
        self.init(position: position, hash: hash)
    }

    public var description: String { "\(position):\(EventHasher.hex(hash))" }
}
