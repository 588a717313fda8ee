import KakeiboChain
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

extension VerificationReport {
    /// `verify --digest`: the chain head alone (POSITION:SHA256), to keep somewhere else.
    public func digestText(_ format: ReportFormat) -> String {
        switch format {
        case .json: JSONValue.object(["head": .string(head.description), "position": .int(head.position)]).prettyString()
        case .csv: CSVWriter.render(header: ["head"], rows: [[head.description]])
        case .table: head.description
        }
    }

    /// `verify`: validity, event count, head and problems; nil for a table of a log that fails, which has only its
    /// error line (`failureSummary`). `tree` is the tree head `--expect-root` checked first, if any.
    public func text(_ format: ReportFormat, tree: (size: UInt64, root: Digest32)?) -> String? {
        switch format {
        case .json:
            return JSONValue.object([
                "valid": .bool(isValid), "events": .int(eventCount), "head": .string(head.description),
                "firstBadPosition": logProblem.map { .int($0.position) } ?? .null,
                "problems": .array(problems.map(JSONValue.string))]).prettyString()
        case .csv:
            return CSVWriter.render(header: ["valid", "events", "head", "problems"],
                                    rows: [[String(isValid), String(eventCount), head.description, problems.joined(separator: "; ")]])
        case .table:
            guard isValid else { return nil }
            var lines = ["ok: \(eventCount) events, chain intact, every transaction balances, projections match a replay", "head \(head)"]
            if let tree { lines.append("tree of \(tree.size) has root \(tree.root.hex), as expected") }
            return lines.joined(separator: "\n")
        }
    }

    /// One error line, as every failing command gives: the problems joined, the first one first.
    public var failureSummary: String {
        ([logProblem.map { "verification failed at position \($0.position)" } ?? "verification failed"] + problems).joined(separator: "; ")
    }

    /// A replay would rebuild the projections: they differ, and the log is sound (a replay refuses while triggers
    /// are missing).
    public var replayWouldRepair: Bool { !projectionDifferences.isEmpty && missingTriggers.isEmpty }
}

extension TreeHeadCheck {
    /// `verify --expect-root` alone: the stored tree of `size` has the root expected, and the log's tree extends it.
    public func text(_ format: ReportFormat) -> String {
        switch format {
        case .json:
            JSONValue.object(["valid": .bool(true), "size": .int(Int64(size)), "root": .string(root.hex), "headSize": .int(Int64(headSize)),
                              "headRoot": .string(headRoot.hex), "consistencyPath": .int(Int64(pathLength))]).prettyString()
        case .csv:
            CSVWriter.render(header: ["valid", "size", "root", "headSize", "headRoot"],
                             rows: [["true", String(size), root.hex, String(headSize), headRoot.hex]])
        case .table:
            "ok: tree of \(size) has root \(root.hex), as expected\n"
                + "the log's tree of \(headSize) (root \(headRoot.hex)) extends it: a consistency path of "
                + "\(pathLength) hash\(pathLength == 1 ? "" : "es") from the stored tree, and the newest event re-hashed"
        }
    }
}
