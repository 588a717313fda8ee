import ArgumentParser
import Foundation
import KakeiboServer
import KakeiboWebApp

/// `kakeibo server …`: a household's shared ledger on PostgreSQL.
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Serve ledgers from PostgreSQL so several devices share one set of books.",
        subcommands: [ServerInit.self, ServerTokenCommand.self, ServerInvite.self, ServerRevoke.self, ServerRun.self, ServerVerify.self])
}

struct PostgresOption: ParsableArguments {
    @Option(help: ArgumentHelp("The database: postgresql://USER@127.0.0.1:5432/DB, or postgresql://USER@/DB?host=/socket/dir.",
                               valueName: "url"))
    var postgres: String

    /// Runs `body` on the server's store, as `serverAction` (what every administration command does).
    func withStore<T: Sendable>(_ body: @escaping @Sendable (ServerStore) async throws -> T) throws -> T {
        let url = postgres
        return try serverAction { try await HouseholdServer.withStore(postgres: url, body) }
    }
}

/// Runs a server action. Its refusals (`ServerError`, `ServerConfigurationError`) reach `ErrorMessage` as they are;
/// anything else came from PostgreSQL, and says so.
func serverAction<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    do {
        return try runBlocking(body)
    } catch let error as ServerError {
        throw error
    } catch let error as ServerConfigurationError {
        throw error
    } catch {
        throw CommandFailure("postgresql: \(String(reflecting: error))")
    }
}

struct ServerInit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create the schema (if needed) and an empty ledger.")
    @OptionGroup var database: PostgresOption
    @Option(help: "The ledger's name (lower-case letters, digits, - and _).") var ledger: String

    func run() throws {
        let name = ledger
        try database.withStore { try await $0.initialise(ledger: name) }
        print("created ledger \(name)")
    }
}

/// `server token`: issues a token (`server token --ledger … --member … --device …`, the default) or lists devices (`server token list`).
struct ServerTokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Issue a device token (the default), or list a ledger's devices: tokens and signed-in browsers.",
        subcommands: [ServerTokenIssue.self, ServerTokenList.self], defaultSubcommand: ServerTokenIssue.self)
}

struct ServerTokenIssue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "issue", abstract: "Issue a device token; it is printed once and only its SHA-256 is stored.")
    @OptionGroup var database: PostgresOption
    @Option var ledger: String
    @Option(help: "Who uses the device (alice, bob).") var member: String
    @Option(help: "Which device (phone, laptop).") var device: String
    @Option(help: "read (pull), write (push too) or admin.") var scope: String = "write"

    func run() throws {
        guard let scope = Scope(rawValue: scope) else { throw CommandFailure("--scope must be read, write or admin, not \(self.scope)") }
        let (name, member, device) = (ledger, member, device)
        let token = try database.withStore { try await $0.issueToken(ledger: name, member: member, device: device, scope: scope) }
        print(token.description)
    }
}

/// `server token list`: every device, token or browser, so a lost phone's browser can be found and revoked.
struct ServerTokenList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the devices of a ledger (or all ledgers): tokens and signed-in browsers.")
    @OptionGroup var database: PostgresOption
    @Option(help: "Only this ledger's devices.") var ledger: String?

    func run() throws {
        let ledger = ledger
        let devices = try database.withStore { try await $0.deviceListing(ledger: ledger) }
        print(DeviceListing.table(devices))
    }
}

/// `server invite`: a one-time sign-in link for a member's phone or browser (issue 31).
struct ServerInvite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Print a one-time sign-in link for the web app; it works once, within 15 minutes.")
    @OptionGroup var database: PostgresOption
    @Option var ledger: String
    @Option(help: "Who signs in (alice, bob).") var member: String
    @Option(help: "read (see the pages) or write (record too).") var scope: String = "write"
    @Option(help: ArgumentHelp("Where the server is reached from the phone (https://books.example.org).", valueName: "url"))
    var baseURL = "http://127.0.0.1:8080"

    func run() throws {
        guard let scope = Scope(rawValue: scope), scope != .admin else { throw CommandFailure("--scope must be read or write, not \(self.scope)") }
        guard let base = URL(string: baseURL), ["http", "https"].contains(base.scheme ?? ""), base.host != nil else {
            throw CommandFailure("--base-url must be an http or https URL such as https://books.example.org, not \(baseURL)")
        }
        let (name, member) = (ledger, member)
        let invite = try database.withStore { try await $0.createInvite(ledger: name, member: member, scope: scope) }
        var link = baseURL
        while link.hasSuffix("/") { link.removeLast() }
        print("\(link)/join/\(invite.code)")
        Terminal.printNote("works once, until \(invite.expires.formatted(Date.ISO8601FormatStyle())), for \(member) (\(scope.rawValue))")
    }
}

struct ServerRevoke: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke a device's token: by the device's name, as `server token --device` took it, or by its token id.")
    @OptionGroup var database: PostgresOption
    @Option(help: "The ledger the device syncs (needed only when another ledger has a device of the same name).") var ledger: String?
    @Option(help: ArgumentHelp("The device's name (laptop), or its token id (the 12 characters after kkb_).", valueName: "name-or-id"))
    var device: String

    func run() throws {
        let (device, ledger) = (device, ledger)
        let revoked = try database.withStore { try await $0.revoke(device: device, ledger: ledger).map { "\($0.id) in \($0.ledger)" } }
        guard !revoked.isEmpty else {
            throw CommandFailure("no active device named \(device)" + (ledger.map { " in ledger \($0)" } ?? "") + " (nor a token id \(device))")
        }
        print("revoked \(device): token \(revoked.joined(separator: ", token "))")
    }
}

struct ServerVerify: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "verify", abstract: "Recompute a server ledger's hash chain from PostgreSQL and replay it through the ledger's rules.")
    @OptionGroup var database: PostgresOption
    @Option var ledger: String

    func run() throws {
        let name = ledger
        let (count, problem) = try database.withStore { try await $0.verifyChainAndBooks(ledger: name) }
        if let problem { throw CommandFailure("ledger \(name) fails verification at \(problem)") }
        print("ok: \(count) events, hash chain intact")
    }
}

struct ServerRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Serve the v1 API until SIGTERM or SIGINT.",
        discussion: "Bind to loopback or a VPN address and put TLS in a reverse proxy in front. Prints `listening on HOST:PORT` once ready.")
    @OptionGroup var database: PostgresOption
    @Option(help: ArgumentHelp("Where to listen; port 0 picks a free one.", valueName: "host:port")) var listen = "127.0.0.1:8080"
    @Option(help: ArgumentHelp("A folder for the per-ledger replicas pushed events are checked against (a cache, rebuilt from PostgreSQL when missing or stale); default: a new temporary folder.",
                               valueName: "dir"))
    var cache: String?

    func run() throws {
        let (url, listen, cache) = (database.postgres, listen, cache)
        let host = try serverAction { try HouseholdServer.address(listen).host }
        try serverAction {
            try await HouseholdServer.run(postgres: url, listen: listen, serverName: KakeiboVersion.text, cache: cache,
                                          extraRoutes: WebApp.install) { port in
                // Written straight to the descriptor: scripts wait for this line, and print() would sit in a buffer.
                FileHandle.standardOutput.write(Data("listening on \(host):\(port)\n".utf8))
            }
        }
    }
}
