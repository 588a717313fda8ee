import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
@testable import KakeiboServer
import KakeiboSync
import KakeiboTestSupport
import XCTest

/// Issue 30's must-show: the server guards the books. A device that builds and signs its own
/// well-formed events (a buggy or hostile one) pushes, with a write token, events the ledger's
/// rules refuse; each is answered 422 `invalid-event` naming the event and the rule, and the
/// server's log, head and `server verify` stay as they were.
final class ServerAdmissionTests: ServerTestCase {
    /// A device that writes its own events: the wire format as `PendingEvent` documents it, its own device chain.
    struct ForgingDevice {
        let token: String
        var deviceId: String { DeviceToken(token)!.id }
        var chain: (seq: Int64, hash: String) = (0, Hex.zeroHash)

        init(token: String) { self.token = token }

        func pending(_ event: LedgerEvent, parent: String?) -> PendingEvent {
            let envelope = EventEnvelope(position: 0, eventID: UUID().uuidString.lowercased(), stream: event.stream, streamVersion: 0,
                                         type: event.type, schemaVersion: event.schemaVersion, occurredOn: event.occurredOn,
                                         recordedAt: 1_790_000_000_000, source: .manual, actor: "mallory",
                                         commandID: UUID().uuidString.lowercased(), idempotencyKey: nil, commandHash: nil, payload: event.payload)
            return PendingEvent(envelope: envelope, payload: event.payload.canonicalString(), parentEventId: parent,
                                deviceId: deviceId, deviceSeq: chain.seq + 1, devicePrevHash: chain.hash)
        }

        /// Pushes one event; an accepted push moves the device chain on.
        mutating func push(_ event: LedgerEvent, parent: String?, basedOn: Int64? = nil, to server: Harness) async throws
            -> (status: Int, json: [String: Any], eventId: String) {
            let pending = pending(event, parent: parent)
            let body = try JSONEncoder().encode(PushRequest(deviceId: deviceId, events: [pending], basedOn: basedOn))
            let reply = try await server.request(.post, "events", token: token, body: body)
            if reply.status == 200 { chain = (pending.deviceSeq, pending.originHash) }
            return (reply.status, reply.json, pending.eventId)
        }
    }

    /// What must not move when a push is refused: the head, the event count, and both halves of `server verify`.
    static func snapshot(_ server: Harness, token: String) async throws -> String {
        let head = try await server.store.head(ledger: server.ledger, bearer: token)
        let chain = try await server.store.verify(ledger: server.ledger)
        XCTAssertNil(chain.problem.map { "\($0)" })
        let books = try await server.store.verifyBooks(ledger: server.ledger)
        XCTAssertNil(books.map { "\($0)" })
        return "\(head.position):\(head.hash) \(chain.count) events"
    }

    /// The household of `makeLedger`, plus an income and a voided expense, adopted by the server.
    static func household(_ server: Harness) async throws -> (a: Ledger, token: String, accounts: [String: String], voided: String) {
        let tokenA = try await server.token(device: "a")
        let a = try server.makeLedger("a", seed: 1)
        try server.income(a, "100.00")
        try server.expense(a, "12.50")
        let voided = try server.expense(a, "3.00")
        try a.record(.voidTransaction(id: voided, reason: "twice"))
        _ = try await server.sync(server.path("a"), token: tokenA)
        let accounts = Dictionary(uniqueKeysWithValues: try a.accounts().map { ($0.account.name.rawValue, $0.account.id) })
        return (a, tokenA, accounts, voided)
    }

    /// The id of the last event of `stream` in the server's log.
    static func tail(of stream: String, _ server: Harness, token: String) async throws -> String {
        let page = try await server.store.page(ledger: server.ledger, bearer: token, after: 0, limit: 1_000)
        return try XCTUnwrap(page.events.last { $0.stream == stream }).eventId
    }

    func testEventsTheLedgerRefusesAre422AndChangeNothing() async throws {
        try await withServer { server in
            let (_, tokenA, accounts, voided) = try await Self.household(server)
            var mallory = ForgingDevice(token: try await server.token(member: "mallory", device: "m"))
            let checking = try XCTUnwrap(accounts["assets:checking"]), groceries = try XCTUnwrap(accounts["expenses:groceries"])
            let day = try LocalDate(iso: "2026-11-04")
            func moved(_ minor: Int64, from: String, to: String) -> LedgerEvent.MoneyMoved {
                .init(transactionID: UUID().uuidString.lowercased(), date: day, amount: Money(minorUnits: minor, currency: .usd),
                      fromAccountID: from, toAccountID: to, payee: "Mallory", memo: nil)
            }
            let before = try await Self.snapshot(server, token: mallory.token)

            let unbalanced = LedgerEvent.transactionRecorded(.init(
                transactionID: UUID().uuidString.lowercased(), date: day, payee: "Mallory", memo: nil,
                postings: [Posting(accountID: groceries, amount: Money(minorUnits: 2_000, currency: .usd)),
                           Posting(accountID: checking, amount: Money(minorUnits: -1_000, currency: .usd))]))
            let editOfVoided = LedgerEvent.transactionEdited(.init(
                transactionID: voided, changes: [FieldChange(field: .payee, before: .string("Corner Shop"), after: .string("Mallory"))], reason: nil))
            let fromNowhere = LedgerEvent.expenseCaptured(moved(1_000, from: "no-such-account", to: groceries))
            // 92,233,720,368,547,750.00 USD: one Int64 of minor units, but not on top of the groceries already spent.
            let overflow = LedgerEvent.expenseCaptured(moved(9_223_372_036_854_775_000, from: checking, to: groceries))
            let nameTaken = LedgerEvent.accountOpened(.init(accountID: UUID().uuidString.lowercased(),
                                                             name: try AccountName("assets:checking"), type: .asset, currency: .usd))
            let cases: [(String, LedgerEvent, String?)] = [
                ("unbalanced", unbalanced, nil),
                ("edit-of-voided", editOfVoided, try await Self.tail(of: LedgerTransaction.stream(for: voided), server, token: mallory.token)),
                ("unknown-account", fromNowhere, nil),
                ("balance-overflow", overflow, nil),
                ("name-in-use", nameTaken, try await Self.tail(of: LedgerEvent.structureStream, server, token: mallory.token)),
            ]
            for (rule, event, parent) in cases {
                let reply = try await mallory.push(event, parent: parent, to: server)
                XCTAssertEqual(reply.status, 422, "\(rule): \(reply.json)")
                XCTAssertEqual(reply.json["error"] as? String, "invalid-event", rule)
                XCTAssertEqual(reply.json["rule"] as? String, rule, "\(reply.json)")
                XCTAssertEqual(reply.json["eventId"] as? String, reply.eventId, rule)
                XCTAssertTrue((reply.json["detail"] as? String)?.contains(reply.eventId) == true, "\(reply.json)")
                let after = try await Self.snapshot(server, token: mallory.token)
                XCTAssertEqual(after, before, "\(rule): a refused push changed the ledger")
            }
            let stored = try await server.sql("""
                SELECT count(*)::text FROM kakeibo_events e JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = '\(server.ledger)' AND e.actor = 'mallory'
                """)
            XCTAssertEqual(stored, [["0"]])

            // The device chain did not move: the same device's next well-formed event is taken.
            let fine = try await mallory.push(.expenseCaptured(moved(250, from: checking, to: groceries)), parent: nil, to: server)
            XCTAssertEqual(fine.status, 200, "\(fine.json)")
            // And a device that syncs pulls a log that still verifies.
            _ = try await server.sync(server.path("a"), token: tokenA)
            XCTAssertTrue(try server.open("a", seed: 1).verify().isValid)
        }
    }

    /// `basedOn`: an `AccountOpened` for a name the device had not seen yet (it synced before the name was
    /// taken) is a concurrent open, merged as two offline devices' opens are; one for a name it had seen is refused.
    func testBasedOnTellsAConcurrentOpenFromAKnownName() async throws {
        try await withServer { server in
            let (a, tokenA, _, _) = try await Self.household(server)
            var mallory = ForgingDevice(token: try await server.token(member: "mallory", device: "m"))
            let structure = try await Self.tail(of: LedgerEvent.structureStream, server, token: mallory.token)
            let opened = try XCTUnwrap(try a.accounts().first { $0.account.name.rawValue == "assets:checking" })
            let open = LedgerEvent.accountOpened(.init(accountID: UUID().uuidString.lowercased(), name: try AccountName("assets:checking"),
                                                       type: .asset, currency: .usd))
            let page = try await server.store.page(ledger: server.ledger, bearer: mallory.token, after: 0, limit: 1_000)
            let openedAt = try XCTUnwrap(page.events.first { $0.payload.contains(opened.account.id) }).position

            let seen = try await mallory.push(open, parent: structure, basedOn: openedAt, to: server)
            XCTAssertEqual(seen.status, 422, "\(seen.json)")
            XCTAssertEqual(seen.json["rule"] as? String, "name-in-use")

            let unseen = try await mallory.push(open, parent: structure, basedOn: openedAt - 1, to: server)
            XCTAssertEqual(unseen.status, 200, "\(unseen.json)")
            let synced = try await server.sync(server.path("a"), token: tokenA)
            XCTAssertGreaterThan(synced.pulled, 0)
            let ledger = try server.open("a", seed: 1)
            XCTAssertEqual(try ledger.accounts().filter { $0.account.name.rawValue == "assets:checking" }.count, 1, "merged by name")
            XCTAssertTrue(try ledger.verify().isValid)
        }
    }

    /// A replica ahead of PostgreSQL (its commit went through, PostgreSQL's did not) is thrown away and
    /// rebuilt by the next push, which is then judged against PostgreSQL's log, not the lost event.
    func testReplicaAheadOfPostgreSQLIsRebuilt() async throws {
        try await withServer { server in
            let (_, _, accounts, _) = try await Self.household(server)
            var mallory = ForgingDevice(token: try await server.token(member: "mallory", device: "m"))
            let checking = try XCTUnwrap(accounts["assets:checking"]), groceries = try XCTUnwrap(accounts["expenses:groceries"])
            let head = try await server.store.head(ledger: server.ledger, bearer: mallory.token)
            let idRows = try await server.sql("SELECT ledger_id::text FROM kakeibo_ledgers WHERE name = '\(server.ledger)'")
            let ledgerId = try XCTUnwrap(idRows.first?.first.flatMap { $0.flatMap { Int64($0) } })
            let day = try LocalDate(iso: "2026-11-05")
            let transaction = UUID().uuidString.lowercased()
            let event = LedgerEvent.expenseCaptured(.init(transactionID: transaction, date: day, amount: Money(minorUnits: 700, currency: .usd),
                                                          fromAccountID: checking, toAccountID: groceries, payee: "Lost", memo: nil))
            // The replica is built by a push; then it takes an event PostgreSQL never got.
            _ = try await mallory.push(.expenseCaptured(.init(transactionID: UUID().uuidString.lowercased(), date: day,
                                                              amount: Money(minorUnits: 100, currency: .usd), fromAccountID: checking,
                                                              toAccountID: groceries, payee: "Kept", memo: nil)), parent: nil, to: server)
            let afterFirst = try await server.store.head(ledger: server.ledger, bearer: mallory.token)
            XCTAssertEqual(afterFirst.position, head.position + 1)
            let lost = mallory.pending(event, parent: nil)
            let envelope = try lost.envelope(position: afterFirst.position + 1, streamVersion: 1)
            let hash = EventHasher.hash(previous: Hex.bytes(afterFirst.hash)!, envelope: envelope, payload: Array(lost.payload.utf8))
            let replica = try server.store.replicas.writer(ledgerId: ledgerId)
            try await replica.write { db in
                try Ledger.replicate([ReplicatedEvent(envelope: envelope, payload: lost.payload, previousHash: Hex.bytes(afterFirst.hash)!, hash: hash)], in: db)
            }
            // Pushing the same transaction id again would be refused by the stale replica (transaction-id-in-use).
            let again = try await mallory.push(event, parent: nil, to: server)
            XCTAssertEqual(again.status, 200, "\(again.json)")
            let rebuilt = try server.store.replicas.writer(ledgerId: ledgerId)
            let rebuiltHead = try await rebuilt.read { db in try EventLog.head(in: db) }
            let final = try await server.store.head(ledger: server.ledger, bearer: mallory.token)
            XCTAssertEqual("\(rebuiltHead.position):\(EventHasher.hex(rebuiltHead.hash))", "\(final.position):\(final.hash)")
        }
    }

    /// `server verify` replays the log through the ledger's rules: books a server older than this one let
    /// through (an expense of 20.00 taking 10.00 from checking) fail it, naming the position, where the hash
    /// chain alone says nothing is wrong.
    func testServerVerifyNamesThePositionOfUnbalancedBooks() async throws {
        let postgresURL = postgresURL!
        try await withServer { server in
            let (_, _, accounts, _) = try await Self.household(server)
            let token = try await server.token(member: "mallory", device: "m")
            let mallory = ForgingDevice(token: token)
            let head = try await server.store.head(ledger: server.ledger, bearer: token)
            let event = LedgerEvent.transactionRecorded(.init(
                transactionID: UUID().uuidString.lowercased(), date: try LocalDate(iso: "2026-11-04"), payee: nil, memo: nil,
                postings: [Posting(accountID: accounts["expenses:groceries"]!, amount: Money(minorUnits: 2_000, currency: .usd)),
                           Posting(accountID: accounts["assets:checking"]!, amount: Money(minorUnits: -1_000, currency: .usd))]))
            let pending = mallory.pending(event, parent: nil)
            let envelope = try pending.envelope(position: head.position + 1, streamVersion: 1)
            let hash = EventHasher.hex(EventHasher.hash(previous: Hex.bytes(head.hash)!, envelope: envelope, payload: Array(pending.payload.utf8)))
            let e = CanonicalEvent(envelope: envelope, payload: pending.payload, previousHash: head.hash, hash: hash)
            // Written the way an older server sequenced anything well-formed: straight into the log.
            _ = try await server.sql("""
                INSERT INTO kakeibo_events (ledger_id, position, event_id, stream, stream_version, type, schema_version, occurred_on,
                    recorded_at, source, actor, command_id, payload, previous_hash, hash)
                SELECT ledger_id, \(e.position), '\(e.eventId)', '\(e.stream)', 1, '\(e.type)', \(e.schemaVersion), '\(e.occurredOn!)',
                    \(e.recordedAt), '\(e.source)', '\(e.actor)', '\(e.commandId)', '\(e.payload)', '\(e.previousHash)', '\(e.hash)'
                FROM kakeibo_ledgers WHERE name = '\(server.ledger)'
                """)
            _ = try await server.sql("UPDATE kakeibo_ledgers SET head_position = \(e.position), head_hash = '\(e.hash)' WHERE name = '\(server.ledger)'")
            let chain = try await server.store.verify(ledger: server.ledger)
            XCTAssertNil(chain.problem.map { "\($0)" }, "the chain itself is sound")
            let books = try await server.store.verifyBooks(ledger: server.ledger)
            XCTAssertEqual(books?.position, e.position)
            XCTAssertEqual(books?.rule, "unbalanced")

            let verify = try ChildProcess.run(try KakeiboBinary.locate(), ["server", "verify", "--postgres", postgresURL, "--ledger", server.ledger])
            XCTAssertNotEqual(verify.status, 0, verify.stdout)
            XCTAssertTrue(verify.stderr.contains("position \(e.position)"), verify.stderr)
            XCTAssertEqual(verify.stderr.split(separator: "\n").count, 1, verify.stderr)
            // A push is refused while the log holds it: nothing can be checked against unsound books.
            var pusher = mallory
            let refused = try await pusher.push(.expenseCaptured(.init(transactionID: UUID().uuidString.lowercased(), date: try LocalDate(iso: "2026-11-05"),
                                                                       amount: Money(minorUnits: 100, currency: .usd), fromAccountID: accounts["assets:checking"]!,
                                                                       toAccountID: accounts["expenses:groceries"]!, payee: nil, memo: nil)),
                                                parent: nil, to: server)
            XCTAssertEqual(refused.status, 500, "\(refused.json)")
            XCTAssertEqual(refused.json["error"] as? String, "unsound-ledger")
        }
    }
}
