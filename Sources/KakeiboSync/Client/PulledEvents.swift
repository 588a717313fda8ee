import Foundation

/// The events one pull brought, page by page in log order, already checked link by link: held in
/// memory while they are few, spilled to a file beside the ledger once they pass `memoryLimit`, so
/// syncing after a long absence costs disk, not memory. They are applied afterwards, in ONE write
/// transaction that must not wait on the network (`LocalReplica.extend`, `rebase`); the file is
/// removed when this goes.
///
/// Why a spool and not one write transaction per page, as a clone does: a sync of an existing file
/// must change it all or not at all, and must not hold the file's write lock across round trips
/// (every `kakeibo expense` would wait on the network). Held whole, 100,003 pulled events peaked at
/// 307 MiB (README's clone figure); spilled, a pull holds one page at a time.
final class PulledEvents {
    private(set) var count = 0
    private(set) var last: CanonicalEvent?
    let memoryLimit: Int
    private var pages: [[CanonicalEvent]] = []
    /// The events of each spilled line, in order: a page wholly inside `forEachPage`'s `skip` is passed over
    /// without decoding it (a push's sync pulls its own events back only to drop them). Not measured to matter:
    /// the trace's "extend 10000" after a 10,000-event push was 0.75 s before (load 7-11) and 1.19 s after (load
    /// 15-18), so what it spends is elsewhere in that write transaction, not in decoding the dropped pages.
    private var spilledCounts: [Int] = []
    private let spillPath: String
    private var spill: FileHandle?

    init(spillingBeside path: String, memoryLimit: Int = 2_000) {
        spillPath = path + ".pull-\(UUID().uuidString)"
        self.memoryLimit = memoryLimit
    }

    deinit {
        try? spill?.close()
        if spill != nil { try? FileManager.default.removeItem(atPath: spillPath) }
    }

    var isEmpty: Bool { count == 0 }

    func append(_ page: [CanonicalEvent]) throws {
        guard !page.isEmpty else { return }
        count += page.count
        last = page.last
        if spill == nil {
            pages.append(page)
            guard count > memoryLimit else { return }
            guard FileManager.default.createFile(atPath: spillPath, contents: nil),
                  let handle = FileHandle(forUpdatingAtPath: spillPath) else {
                throw SyncError.mismatch("cannot write \(spillPath): \(String(cString: strerror(errno)))")
            }
            spill = handle
            for held in pages { try write(held) }
            pages = []
        } else {
            try write(page)
        }
    }

    /// One line per page: JSON escapes every line break inside it.
    private func write(_ page: [CanonicalEvent]) throws {
        var line = try JSONEncoder().encode(page)
        line.append(0x0A)
        try spill!.write(contentsOf: line)
        spilledCounts.append(page.count)
    }

    /// The pulled events in order, a page at a time, after the first `skip`.
    func forEachPage(droppingFirst skip: Int = 0, _ body: ([CanonicalEvent]) throws -> Void) throws {
        var toSkip = skip
        func deliver(_ page: [CanonicalEvent]) throws {
            guard toSkip < page.count else { toSkip -= page.count; return }
            try body(toSkip == 0 ? page : Array(page.dropFirst(toSkip)))
            toSkip = 0
        }
        guard let spill else { return try pages.forEach(deliver) }
        try spill.seek(toOffset: 0)
        var buffer = Data()
        var line = 0
        while let chunk = try spill.read(upToCount: 1 << 20), !chunk.isEmpty {
            buffer.append(chunk)
            while let end = buffer.firstIndex(of: 0x0A) {
                if toSkip >= spilledCounts[line] {
                    toSkip -= spilledCounts[line]
                } else {
                    try deliver(try JSONDecoder().decode([CanonicalEvent].self, from: buffer[buffer.startIndex..<end]))
                }
                line += 1
                buffer.removeSubrange(buffer.startIndex...end)
            }
        }
        try spill.seekToEnd()
    }
}
