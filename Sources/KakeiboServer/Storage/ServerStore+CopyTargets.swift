import KakeiboDomain
import KakeiboSync
import PostgresNIO

/// Where an edit or void of a duplicate import copy goes: the ledger's own copy of the same command.
///
/// One journal imported on two devices offline: the second device's copy is kept aside as
/// `already-recorded` (`push`), and the device then holds the ledger's copy instead. What that
/// device did to its copy meanwhile (or later, when the reply that kept it aside was lost: seeds
/// 637 and 1729 of the simulator) is about the same real transaction, so it is moved onto the
/// ledger's copy and decided there like any edit (`ConflictRule` against what happened to that
/// copy since). Before, it followed the copy aside and was lost, or, pushed in a later request,
/// was refused `unknown-transaction` for good and stranded the device.
///
/// The mapping needs no table of its own: a moved event's parent is either the kept-aside copy
/// (`kakeibo_already_recorded` says what the ledger recorded it as) or an event moved before
/// (in `kakeibo_events` or `kakeibo_conflicts`, on the ledger copy's stream).
struct CopyTarget: Sendable, Hashable {
    /// The ledger copy's stream (`txn-<id>`).
    var stream: String
    /// The parent the moved event gets: the ledger copy's first event when the event's parent was the kept-aside
    /// copy itself; nil when its parent was moved already (it stays the parent).
    var parent: String?

    var transactionID: String? {
        stream.hasPrefix(Self.prefix) ? String(stream.dropFirst(Self.prefix.count)) : nil
    }

    private static let prefix = LedgerTransaction.stream(for: "")
}

/// What to do with an event whose stream the ledger does not have, decided by its parent.
enum CopyFollower: Sendable {
    /// Move it onto the ledger's copy.
    case move(CopyTarget)
    /// Keep it aside with the copy (the ledger's copy could not be told apart: a command of several transactions).
    case keepAside(recordedAs: String)
}

extension ServerStore {
    /// Whether an event of `type` changes an existing transaction (and so can follow a copy kept aside).
    static func followsATransaction(_ type: String) -> Bool {
        type == LedgerEvent.Kind.transactionEdited.rawValue || type == LedgerEvent.Kind.transactionVoided.rawValue
    }

    /// What follows from `parent` for an event on a stream the ledger does not hold: nil when the parent is neither a
    /// kept-aside copy nor an event moved onto a ledger copy (then the event is decided as it is).
    /// `dropped`: this push's copies kept aside so far (event id → recorded as); `moved`: this push's moved events.
    func copyFollower(parent: String, ledgerId: Int64, dropped: [String: String], moved: [String: String],
                      on connection: PostgresConnection) async throws -> CopyFollower? {
        if let stream = moved[parent] { return .move(CopyTarget(stream: stream, parent: nil)) }
        let recordedAs: String
        if let inPush = dropped[parent] {
            recordedAs = inPush
        } else if let row = try await connection.query("""
            SELECT recorded_as FROM kakeibo_already_recorded WHERE ledger_id = \(ledgerId) AND event_id = \(parent)
            """, logger: logger).collect().first {
            recordedAs = try row.decode(String.self)
        } else if let row = try await connection.query("""
            SELECT stream FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND event_id = \(parent)
            UNION ALL
            SELECT stream FROM kakeibo_conflicts WHERE ledger_id = \(ledgerId) AND event_id = \(parent)
            """, logger: logger).collect().first {
            // The parent is in the ledger (or kept aside as a conflict) on another stream: it was moved there.
            return .move(CopyTarget(stream: try row.decode(String.self), parent: nil))
        } else {
            return nil
        }
        // The ledger's copy: the one transaction stream the recording command started. A command's events sit at
        // consecutive positions from the keyed one, and a push holds at most `SyncProtocol.maxPushEvents`.
        let rows = try await connection.query("""
            SELECT e.stream, e.event_id FROM kakeibo_events k JOIN kakeibo_events e
              ON e.ledger_id = k.ledger_id AND e.command_id = k.command_id
             AND e.position >= k.position AND e.position < k.position + \(Int64(SyncProtocol.maxPushEvents))
            WHERE k.ledger_id = \(ledgerId) AND k.event_id = \(recordedAs) AND e.stream_version = 1 AND e.stream LIKE 'txn-%'
            ORDER BY e.position LIMIT 2
            """, logger: logger).collect()
        guard rows.count == 1 else { return .keepAside(recordedAs: recordedAs) }
        let (stream, first) = try rows[0].decode((String, String).self)
        return .move(CopyTarget(stream: stream, parent: first))
    }

    /// `event` (an edit or void of a copy) about the ledger's copy instead: its transaction id, stream and parent.
    /// The origin hash stays the device's, so a retried push is still answered `duplicate`. Nil when the payload
    /// is not an edit or void this server reads.
    static func moved(_ event: PendingEvent, to target: CopyTarget) -> PendingEvent? {
        guard let id = target.transactionID, let payload = try? JSONValue.parse(Array(event.payload.utf8)),
              let decoded = try? LedgerEvent(type: event.type, schemaVersion: event.schemaVersion, payload: payload) else { return nil }
        let retold: LedgerEvent
        switch decoded {
        case .transactionEdited(var edited):
            edited.transactionID = id
            retold = .transactionEdited(edited)
        case .transactionVoided(var voided):
            voided.transactionID = id
            retold = .transactionVoided(voided)
        default:
            return nil
        }
        var moved = event
        moved.stream = target.stream
        moved.payload = String(decoding: retold.payload.canonicalBytes(), as: UTF8.self)
        moved.parentEventId = target.parent ?? event.parentEventId
        return moved
    }

    /// The latest event of `stream` (version and id), nil when the ledger has none.
    func latest(stream: String, ledgerId: Int64, on connection: PostgresConnection) async throws -> (version: Int64, eventId: String)? {
        guard let row = try await connection.query("""
            SELECT stream_version, event_id FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND stream = \(stream)
            ORDER BY stream_version DESC LIMIT 1
            """, logger: logger).collect().first else { return nil }
        let (version, id) = try row.decode((Int64, String).self)
        return (version, id)
    }
}
