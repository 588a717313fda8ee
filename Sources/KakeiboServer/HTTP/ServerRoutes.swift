import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import KakeiboSync
import Logging
import NIOCore

/// The v1 HTTP API over a `ServerStore`. Every refusal is one JSON object `{"error","detail"}`.
public enum ServerRoutes {
    static let protocolField = HTTPField.Name(SyncProtocol.header)!
    /// The longest a pull may wait for new events (`wait=S`): bounded, so a SIGTERM's graceful
    /// shutdown, which lets requests in flight finish, never waits longer than this.
    public static let maxWaitSeconds = 25

    public static func router(store: ServerStore, serverName: String) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("v1/info") { _, _ in
            json(ServerInfo(protocol: SyncProtocol.version, server: serverName))
        }
        router.get("v1/ledgers/:ledger/head") { request, context in
            await handle(request, context, store.logger) { ledger in
                json(try await store.head(ledger: ledger, bearer: request.headers.bearer?.token))
            }
        }
        router.get("v1/ledgers/:ledger/events") { request, context in
            await handle(request, context, store.logger) { ledger in
                let after = request.uri.queryParameters.get("after", as: Int64.self) ?? 0
                let limit = min(max(request.uri.queryParameters.get("limit", as: Int.self) ?? 500, 1), 5_000)
                let wait = min(max(request.uri.queryParameters.get("wait", as: Int.self) ?? 0, 0), maxWaitSeconds)
                return json(try await store.page(ledger: ledger, bearer: request.headers.bearer?.token, after: after, limit: limit,
                                                  waitingUpTo: .seconds(wait)))
            }
        }
        router.post("v1/ledgers/:ledger/events") { request, context in
            await handle(request, context, store.logger) { ledger in
                let body: PushRequest = try await decode(request, context)
                let reply = try await store.push(ledger: ledger, bearer: request.headers.bearer?.token, request: body)
                try FaultHook.trigger(.afterCommit)
                return json(reply)
            }
        }
        router.post("v1/ledgers/:ledger/devices") { request, context in
            await handle(request, context, store.logger) { ledger in
                let body: DeviceRequest = try await decode(request, context)
                return json(try await store.enrol(ledger: ledger, bearer: request.headers.bearer?.token, request: body))
            }
        }
        router.get("v1/ledgers/:ledger/devices") { request, context in
            await handle(request, context, store.logger) { ledger in
                json(["devices": try await store.devices(ledger: ledger, bearer: request.headers.bearer?.token)])
            }
        }
        router.delete("v1/ledgers/:ledger/devices/:device") { request, context in
            await handle(request, context, store.logger) { ledger in
                guard let device = context.parameters.get("device") else { throw ServerError.notFound("no device in the path") }
                try await store.revoke(ledger: ledger, bearer: request.headers.bearer?.token, device: device)
                return json(["revoked": device])
            }
        }
        router.post("v1/ledgers/:ledger/adopt") { request, context in
            await handle(request, context, store.logger) { ledger in
                let body: AdoptRequest = try await decode(request, context)
                return json(try await store.adopt(ledger: ledger, bearer: request.headers.bearer?.token, request: body))
            }
        }
        return router
    }

    /// Checks the protocol header, runs `body`, and turns every error into the one JSON shape.
    static func handle(_ request: Request, _ context: BasicRequestContext, _ logger: Logger,
                       _ body: (String) async throws -> Response) async -> Response {
        guard let sent = request.headers[protocolField], sent == String(SyncProtocol.version) else {
            return failure(ServerError(426, "protocol", "this server speaks \(SyncProtocol.header): \(SyncProtocol.version); got \(request.headers[protocolField] ?? "none")"))
        }
        guard let ledger = context.parameters.get("ledger") else { return failure(.notFound("no ledger in the path")) }
        do {
            return try await body(ledger)
        } catch let error as ServerError {
            return failure(error)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return failure(.tooLarge)
        } catch {
            logger.error("request failed: \(String(reflecting: error))")
            return failure(ServerError(500, "internal", "the server could not complete the request"))
        }
    }

    static func decode<T: Decodable>(_ request: Request, _ context: BasicRequestContext) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: SyncProtocol.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            // The client sent more than it may: its fault (413), not the server's (500).
            throw ServerError.tooLarge
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw ServerError.malformed("the body is not a \(T.self): \(error)")
        }
    }

    static func json(_ value: some Encodable) -> Response {
        json(value, status: .ok)
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func failure(_ error: ServerError) -> Response {
        json(error.body, status: HTTPResponse.Status(code: error.status))
    }
}
