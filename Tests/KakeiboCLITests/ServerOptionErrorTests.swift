@testable import kakeibo
import KakeiboServer
import KakeiboSync
import XCTest

/// The server and sync libraries refuse with data (the text typed, a ledger's name, a code); the CLI names the
/// option or the command (issue 30). Typed as a person would, these say the same as before the move.
final class ServerOptionErrorTests: KakeiboCLITestCase {
    func testAPostgresURLAndAListenAddressThatCannotBeUsedAreNamedByTheirOption() throws {
        let url = try sandbox.runRaw(["server", "init", "--postgres", "mysql://db", "--ledger", "home"])
        XCTAssertEqual(url.exitCode, 1)
        XCTAssertEqual(url.stderr, "kakeibo: error: --postgres must be a postgresql:// URL, not \"mysql://db\"\n")
        XCTAssertEqual(url.stdout, "")
        let listen = try sandbox.runRaw(["server", "run", "--postgres", "postgresql://nobody@127.0.0.1:1/x", "--listen", "nowhere"])
        XCTAssertEqual(listen.exitCode, 1)
        XCTAssertEqual(listen.stderr, "kakeibo: error: --listen must be HOST:PORT, such as 127.0.0.1:8080, not \"nowhere\"\n")
    }

    func testARemoteWithoutALedgerIsNamedByItsOption() throws {
        try sandbox.runRaw(["--db", db, "init", "--currency", "USD"])
        let result = try sandbox.runRaw(["--db", db, "sync", "--remote", "http://127.0.0.1:9/x", "--token", "kkb_x"])
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertEqual(result.stderr, "kakeibo: error: --remote must end in /ledgers/NAME: \"http://127.0.0.1:9/x\"\n")
    }

    /// What the server sends has no command in it; the CLI adds the one that helps, from the code and the data.
    func testServerAndSyncRefusalsGetTheirHintsHere() {
        XCTAssertEqual(ErrorMessage(ServerError.noLedger("home")).line, "no ledger named home; run `kakeibo server init --ledger home` first")
        XCTAssertFalse(ServerError.noLedger("home").body.detail.contains("kakeibo"))
        XCTAssertEqual(ErrorMessage(SyncError.alreadySyncing(path: "/a.sqlite")).line,
                       "another `kakeibo sync` of /a.sqlite is still running; nothing was changed")
        XCTAssertEqual(ErrorMessage(SyncError.notAToken).line, "--token must be the kkb_… token `kakeibo server token` printed")
        let tampered = SyncError.refused(status: 500, WireError(error: "tampered", detail: "the ledger's last event (position 7) does not match its hash"))
        XCTAssertEqual(ErrorMessage(tampered).line, "server refused the sync (500 tampered): the ledger's last event (position 7) does not match its hash; "
                       + "whoever runs the server can find where with `kakeibo server verify`")
    }
}
