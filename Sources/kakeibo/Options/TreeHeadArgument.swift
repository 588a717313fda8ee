import KakeiboChain

/// `SIZE:ROOTHEX`, a tree head as `kakeibo checkpoint --format json` prints its parts
/// (`verify --expect-root`, `proof check --root`).
struct TreeHeadArgument {
    var size: UInt64
    var root: Digest32

    init(_ text: String, option: String) throws {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let size = UInt64(parts[0]), size > 0, let root = Digest32(hex: String(parts[1])) else {
            throw CommandFailure("\(option) \(text) is not a tree head; it looks like 42:9f86d081… (size, colon, 64 hex digits of the root), "
                                 + "as `kakeibo checkpoint --format json` prints them")
        }
        self.size = size
        self.root = root
    }
}
