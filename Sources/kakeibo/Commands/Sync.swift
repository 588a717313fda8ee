import ArgumentParser
import Foundation
import KakeiboSync

/// `kakeibo sync`: make this ledger file and the server's ledger hold the same events.
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Push this device's new events to a household server and pull everyone else's.",
        discussion: """
            With no ledger file, downloads the server's (clone). A file never synced, into an empty server \
            ledger, is uploaded unchanged (adopt). Afterwards `verify --digest` prints the same on every \
            device. A refused sync exits 1 and leaves the file exactly as it was.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The server's ledger.", valueName: "http://HOST:PORT/ledgers/NAME")) var remote: String?
    @Flag(help: "Say what this file has not synced yet, without contacting the server.") var status = false
    @Option(help: ArgumentHelp("This device's token (default: $KAKEIBO_TOKEN).", valueName: "kkb_…")) var token: String?

    func run() throws {
        if status {
            let (synced, pending, conflicts) = try SyncClient.status(ledgerAt: global.path)
            guard let synced else { print("never synced: all \(pending) events are local only"); return }
            print("synced through position \(synced); \(pending) event\(pending == 1 ? "" : "s") recorded here not yet synced"
                  + (conflicts > 0 ? "; \(conflicts) conflict\(conflicts == 1 ? "" : "s") (see `kakeibo conflicts`)" : ""))
            return
        }
        // After a first sync the file remembers its server and device, and the token waits in a private file outside
        // the ledger (`TokenStore`), so a plain `kakeibo sync` is enough; what is typed wins.
        let remembered = FileManager.default.fileExists(atPath: global.path) ? try SyncClient.remembered(ledgerAt: global.path) : nil
        let tokens = TokenStore.standard()
        guard let remote = remote ?? remembered?.remote else {
            throw CommandFailure("give --remote http://HOST:PORT/ledgers/NAME (this file has not synced yet; later syncs remember it), or --status")
        }
        let typed = (token ?? ProcessInfo.processInfo.environment["KAKEIBO_TOKEN"]).flatMap { $0.isEmpty ? nil : $0 }
        guard let token = typed ?? remembered.flatMap({ tokens.token(forDevice: $0.deviceId) }) else {
            throw CommandFailure("give --token kkb_… (or set KAKEIBO_TOKEN); after a sync it is remembered for this device")
        }
        let (path, remoteText) = (global.path, remote)
        let parsed = try SyncRemote(remoteText)
        let report = try runBlocking { try await SyncClient(remote: parsed, token: token).sync(ledgerAt: path) }
        if let typed, let device = DeviceToken(typed) {
            // The sync itself succeeded: a token that cannot be stored is a note, not a failure.
            do {
                if let stored = try tokens.save(device) {
                    FileHandle.standardError.write(Data("kakeibo: note: remembered the server and this device's token (in \(stored), readable by you only); next time `kakeibo sync` is enough\n".utf8))
                }
            } catch {
                FileHandle.standardError.write(Data("kakeibo: note: \(error); give --token next time\n".utf8))
            }
        }
        for line in report.lines { print(line) }
        if report.conflicted > 0 {
            // Said at sync time: the server kept these edits aside, and nothing else would tell their author.
            print("\(report.conflicted) of your edits \(report.conflicted == 1 ? "was" : "were") not applied; see `kakeibo conflicts`")
        }
    }
}
