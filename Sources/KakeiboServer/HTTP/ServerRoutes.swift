import Foundation
import Hummingbird
import KakeiboSync

/// The v1 HTTP API over a `ServerStore`. Every refusal is one JSON object `{"error","detail"}`.
///
/// `v1/info` stands alone (a client asks it before it knows the protocol); everything about a
/// ledger is one `RouterGroup` on `v1/ledgers/:ledger` whose middleware does what every such
/// route needs, outermost first: render errors (`ErrorMiddleware`), check the protocol header
/// (`ProtocolMiddleware`), read the bearer token (`BearerMiddleware`). A route is then the store
/// call it makes.
public enum ServerRoutes {
    /// The longest a pull may wait for new events (`wait=S`): bounded, so a SIGTERM's graceful
    /// shutdown, which lets requests in flight finish, never waits longer than this.
    public static let maxWaitSeconds = 25

    /// `extraRoutes`: what else the same listener serves (the web app, issue 31: `WebApp.install`),
    /// added after the v1 API; KakeiboServer does not depend on what adds them.
    public static func router(store: ServerStore, serverName: String,
                              extraRoutes: (Router<ServerRequestContext>) -> Void = { _ in }) -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.get("v1/info") { _, _ in
            ServerInfo(protocol: SyncProtocol.version, server: serverName)
        }
        let ledger = router.group("v1/ledgers/:ledger")
            .add(middleware: ErrorMiddleware())
            .add(middleware: ProtocolMiddleware())
            .add(middleware: BearerMiddleware())
        ledger.get("head") { _, context in
            try await store.head(ledger: context.ledger, bearer: context.bearer)
        }
        ledger.get("events") { request, context in
            let query = request.uri.queryParameters
            let after = query.get("after", as: Int64.self) ?? 0
            let limit = min(max(query.get("limit", as: Int.self) ?? 500, 1), 5_000)
            let wait = min(max(query.get("wait", as: Int.self) ?? 0, 0), maxWaitSeconds)
            let trace = SyncTrace.begin()
            let body = try await store.pageJSON(ledger: context.ledger, bearer: context.bearer, after: after, limit: limit, waitingUpTo: .seconds(wait))
            SyncTrace.end(trace, "server: page after \(after)")
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
        }
        ledger.post("events") { request, context in
            let body = try await decode(PushRequest.self, request, context, wire: PushRequest.init(wire:))
            let reply = try await store.push(ledger: context.ledger, bearer: context.bearer, request: body)
            try FaultHook.trigger(.afterCommit)
            return reply
        }
        ledger.post("devices") { request, context in
            let body = try await decode(DeviceRequest.self, request, context)
            return try await store.enrol(ledger: context.ledger, bearer: context.bearer, request: body)
        }
        ledger.get("devices") { _, context in
            ["devices": try await store.devices(ledger: context.ledger, bearer: context.bearer)]
        }
        ledger.delete("devices/:device") { _, context in
            let device = try context.parameters.require("device")
            try await store.revoke(ledger: context.ledger, bearer: context.bearer, device: device)
            return ["revoked": device]
        }
        ledger.post("adopt") { request, context in
            let body = try await decode(AdoptRequest.self, request, context, wire: AdoptRequest.init(wire:))
            return try await store.adopt(ledger: context.ledger, bearer: context.bearer, request: body)
        }
        // A receipt photo the web app kept (issue 31), by the SHA-256 its ReceiptScanned carries.
        ledger.get("attachments/:sha256") { _, context in
            let bytes = try await store.attachment(ledger: context.ledger, bearer: context.bearer, sha256: try context.parameters.require("sha256"))
            return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        addCheckpointRoutes(to: ledger, store: store)
        extraRoutes(router)
        return router
    }

    /// The body as `T`, through the context's decoder; a body that is not one is 400 malformed, naming what was expected.
    static func decode<T: Decodable>(_ type: T.Type, _ request: Request, _ context: ServerRequestContext) async throws -> T {
        do {
            return try await SyncTrace.time("server: read and decode a \(T.self)") { try await context.requestDecoder.decode(T.self, from: request, context: context) }
        } catch let error as DecodingError {
            throw ServerError.malformed("the body is not a \(T.self): \(error)")
        }
    }

    /// `decode` for the bodies that carry events (push, adopt): read with the ledger's own parser (`wire`), and by
    /// the context's decoder only when that cannot read them, for its error (`AdoptRequest(wire:)` says why).
    static func decode<T: Decodable>(_ type: T.Type, _ request: Request, _ context: ServerRequestContext,
                                     wire: ([UInt8]) -> T?) async throws -> T {
        var request = request
        let trace = SyncTrace.begin()
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        if let parsed = wire(Array(body.readableBytesView)) {
            SyncTrace.end(trace, "server: read and parse a \(T.self)")
            return parsed
        }
        return try await decode(type, request, context)
    }
}

extension ServerRequestContext {
    /// The `:ledger` of the path: every route of the group has one.
    var ledger: String {
        get throws { try parameters.require("ledger") }
    }
}
