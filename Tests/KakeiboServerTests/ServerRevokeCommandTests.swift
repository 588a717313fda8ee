import Foundation
import KakeiboSync
import KakeiboTestSupport
import XCTest

extension ServerProcessTests {
    /// N19 (issue 29, new-user trial 2): `server revoke --device laptop` when two ledgers each have a device called
    /// laptop is refused in one line that names both ledgers and asks for `--ledger`, and revokes nothing; with
    /// `--ledger` only that ledger's laptop goes; the 12-character token id still works, alone, as before.
    func testRevokeByANameTwoLedgersShareAsksForTheLedgerAndRevokesNothing() throws {
        let other = ledgerName + "b"
        // Other tests' ledgers share the database and have laptops too: a name only these two ledgers use.
        let device = "laptop-" + ledgerName
        for ledger in [ledgerName!, other] { _ = try kakeibo(["server", "init", "--postgres", postgresURL, "--ledger", ledger]) }
        let tokens = try [ledgerName!, other].map { ledger in
            try XCTUnwrap(DeviceToken(try kakeibo(["server", "token", "--postgres", postgresURL, "--ledger", ledger,
                                                   "--member", "alice", "--device", device])))
        }

        let refused = try ChildProcess.run(try KakeiboBinary.locate(), ["server", "revoke", "--postgres", postgresURL, "--device", device],
                                           environment: cliEnvironment)
        XCTAssertEqual(refused.status, 1)
        let (first, second) = ledgerName < other ? (ledgerName!, other) : (other, ledgerName!)
        XCTAssertEqual(refused.stderr, "kakeibo: error: ledgers \(first) and \(second) both have a device \(device); give --ledger\n")
        XCTAssertEqual(refused.stdout, "")
        let listed = try kakeibo(["server", "token", "list", "--postgres", postgresURL])
        for token in tokens {
            let row = try XCTUnwrap(listed.split(separator: "\n").first { $0.contains(token.id) })
            XCTAssertTrue(row.contains("active"), "nothing was revoked: \(row)")
        }

        XCTAssertEqual(try kakeibo(["server", "revoke", "--postgres", postgresURL, "--ledger", other, "--device", device]),
                       "revoked \(device): token \(tokens[1].id) in \(other)")
        let after = try kakeibo(["server", "token", "list", "--postgres", postgresURL])
        XCTAssertTrue(after.split(separator: "\n").contains { $0.contains(tokens[0].id) && $0.contains("active") }, after)
        XCTAssertTrue(after.split(separator: "\n").contains { $0.contains(tokens[1].id) && $0.contains("revoked") }, after)

        XCTAssertEqual(try kakeibo(["server", "revoke", "--postgres", postgresURL, "--device", tokens[0].id]),
                       "revoked \(tokens[0].id): token \(tokens[0].id) in \(ledgerName!)")
    }
}
