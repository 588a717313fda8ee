import Foundation
import Hummingbird
import Logging
import PostgresNIO
import ServiceLifecycle

/// The household server: Hummingbird and a PostgreSQL pool in one ServiceGroup, so SIGTERM or
/// SIGINT stops accepting, finishes requests in flight and closes the pool before exiting.
///
/// Not named `KakeiboServer` like its module: a type named as its module makes `KakeiboServer.X`
/// ambiguous (the module's `X`, or the type's?) for every client that imports it.
public enum HouseholdServer {
    public static func logger() -> Logger {
        var logger = Logger(label: "kakeibo-server")
        // Quiet by default: PostgresNIO warns at startup of one-shot commands before the pool runs.
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
        return logger
    }

    /// Splits `HOST:PORT` (`[::1]:8080` for IPv6).
    public static func address(_ listen: String) throws -> (host: String, port: Int) {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port) else {
            throw ServerConfigurationError.notAListenAddress(listen)
        }
        var host = String(listen[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host.isEmpty ? "127.0.0.1" : host, port)
    }

    /// `extraRoutes`: see `ServerRoutes.router` (the web app's pages, when `server run` serves them).
    public static func application(store: ServerStore, host: String, port: Int, serverName: String,
                                   extraRoutes: (Router<ServerRequestContext>) -> Void = { _ in },
                                   onListening: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: ServerRoutes.router(store: store, serverName: serverName, extraRoutes: extraRoutes),
            configuration: .init(address: .hostname(host, port: port), serverName: serverName),
            services: [store.client],
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: store.logger)
    }

    /// `cache`: the folder of the per-ledger replicas (`ServerReplicas`); nil, a fresh temporary one.
    public static func run(postgres: String, listen: String, serverName: String, cache: String? = nil,
                           extraRoutes: @escaping (Router<ServerRequestContext>, ServerStore) -> Void = { _, _ in },
                           onListening: @escaping @Sendable (Int) -> Void) async throws {
        let logger = logger()
        let (host, port) = try address(listen)
        let configuration = try PostgresURL.configuration(postgres)
        // A server that cannot reach its database says so and exits, instead of listening and answering 503s.
        if let problem = await PostgresProbe.problem(configuration, logger: logger) { throw ServerError.databaseUnavailable(problem) }
        // The schema first, with a pool of its own (the server's pool runs only inside the application's services).
        try await withStore(postgres: postgres) { _ in }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let store = ServerStore(client: client, logger: logger, probe: configuration, replicas: ServerReplicas(directory: cache))
        try await application(store: store, host: host, port: port, serverName: serverName,
                              extraRoutes: { extraRoutes($0, store) }, onListening: onListening).runService()
    }

    /// Runs `body` with a connected pool whose schema is up to date (`ServerStore.migrate`), for the one-shot
    /// administration commands.
    public static func withStore<T: Sendable>(postgres: String, _ body: @escaping @Sendable (ServerStore) async throws -> T) async throws -> T {
        let logger = logger()
        let configuration = try PostgresURL.configuration(postgres)
        // Asked first and directly: the pool would wait ~60 s and then not say why (see `PostgresProbe`).
        if let problem = await PostgresProbe.problem(configuration, logger: logger) { throw ServerError.databaseUnavailable(problem) }
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { await client.run(); return nil }
            defer { group.cancelAll() }
            let store = ServerStore(client: client, logger: logger, probe: configuration)
            try await store.migrate()
            return try await body(store)
        }
    }
}
