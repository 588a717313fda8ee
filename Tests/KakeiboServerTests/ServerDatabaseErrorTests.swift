import Foundation
import KakeiboServer
import KakeiboSync
import Logging
import PostgresNIO
import XCTest

/// N12: a wrong database name, a wrong port or a stopped PostgreSQL is said in about a second, in PostgreSQL's or the
/// system's own words; before, the pool waited for its circuit breaker (67 s) and printed `ConnectionPoolError(…)`.
final class ServerDatabaseErrorTests: ServerTestCase {
    /// The test cluster's URL with `replace` swapped in (`/kakeibo?` → `/nodb?`).
    func url(_ target: String, _ replacement: String) -> String {
        postgresURL.replacingOccurrences(of: target, with: replacement)
    }

    func refusal(_ url: String) async throws -> (ServerError, Duration) {
        let start = ContinuousClock.now
        do {
            try await HouseholdServer.withStore(postgres: url) { try await $0.initialise(ledger: "nodb_test") }
            XCTFail("\(url) was accepted")
            throw CancellationError()
        } catch let error as ServerError {
            return (error, ContinuousClock.now - start)
        }
    }

    func testAMisspelledDatabaseIsNamedInAboutASecond() async throws {
        let (error, elapsed) = try await refusal(url("/kakeibo?", "/nodb?"))
        XCTAssertEqual(error.status, 503)
        XCTAssertTrue(error.body.detail.contains("database \"nodb\" does not exist"), error.body.detail)
        XCTAssertLessThan(elapsed, .seconds(5))
    }

    func testAWrongPortIsNamedInAboutASecond() async throws {
        let (error, elapsed) = try await refusal(url("?host=", "?port=1&host="))
        XCTAssertTrue(error.body.detail.contains("No such file or directory") || error.body.detail.contains("refused"), error.body.detail)
        XCTAssertFalse(error.body.detail.contains("ConnectionPoolError"), error.body.detail)
        XCTAssertLessThan(elapsed, .seconds(5))
    }

    func testAWrongUserIsNamedInAboutASecond() async throws {
        let (error, elapsed) = try await refusal(url("postgresql://postgres@", "postgresql://nobody_here@"))
        XCTAssertTrue(error.body.detail.contains("nobody_here"), error.body.detail)
        XCTAssertLessThan(elapsed, .seconds(5))
    }

    /// A running server whose PostgreSQL went away answers a request 503 with the reason, not 500 after a minute.
    func testARequestWhilePostgresIsDownIs503InAboutASecond() async throws {
        var logger = Logger(label: "kakeibo-test")
        logger.logLevel = .critical
        let configuration = try PostgresURL.configuration(url("?host=", "?port=1&host="))
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let store = ServerStore(client: client, logger: logger, probe: configuration)
        let start = ContinuousClock.now
        let detail: String? = await withTaskGroup(of: String?.self) { group in
            group.addTask { await client.run(); return nil }
            defer { group.cancelAll() }
            do {
                _ = try await store.head(ledger: "home", bearer: "kkb_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb")
                return "answered"
            } catch let error as ServerError {
                XCTAssertEqual(error.status, 503)
                return error.body.detail
            } catch {
                return "\(error)"
            }
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
        XCTAssertTrue(detail?.contains("No such file or directory") == true, detail ?? "nil")
    }
}
