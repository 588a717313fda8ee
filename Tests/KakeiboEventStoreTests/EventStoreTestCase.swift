import GRDB
import KakeiboDomain
import KakeiboEventStore
import XCTest

/// A fresh in-memory log per test, and helpers to append simple events.
class EventStoreTestCase: XCTestCase {
    var db: DatabaseQueue!

    override func setUpWithError() throws {
        db = try LedgerDatabase.inMemory()
    }

    func event(_ id: String, stream: String = "s", amount: Int64 = 1) -> NewEvent {
        NewEvent(eventID: id, stream: stream, type: "Test", payload: ["amount": .int(amount), "note": "é\u{1}"])
    }

    func metadata(key: String? = nil, hash: String? = nil, command: String = "c") -> AppendMetadata {
        AppendMetadata(recordedAt: 1_700_000_000_000, source: .manual, actor: "tester", commandID: command,
                       idempotencyKey: key, commandHash: hash.flatMap { bytes(fromHex: $0) })
    }

    @discardableResult
    func append(_ events: [NewEvent], key: String? = nil, hash: String? = nil,
                expecting expected: [String: ExpectedVersion] = [:]) throws -> AppendOutcome {
        try db.write { db in
            try EventLog.append(events, metadata: metadata(key: key, hash: hash, command: events.first?.eventID ?? "c"),
                                expecting: expected, in: db)
        }
    }

    func positions(_ outcome: AppendOutcome) -> [Int64] {
        switch outcome {
        case .appended(let envelopes): envelopes.map(\.position)
        case .alreadyRecorded(let positions): positions
        }
    }

    func verify(expecting digest: ChainDigest? = nil) throws -> ChainVerifier.Report {
        try db.read { db in try ChainVerifier.verify(in: db, expecting: digest) }
    }

    /// Tampering the way an attacker with the file would: triggers dropped first.
    func tamper(_ sql: String, arguments: StatementArguments = []) throws {
        try db.writeWithoutTransaction { db in
            for trigger in EventLogTrigger.all {
                try db.execute(sql: "DROP TRIGGER IF EXISTS \(trigger)")
            }
            try db.execute(sql: sql, arguments: arguments)
        }
    }
}
