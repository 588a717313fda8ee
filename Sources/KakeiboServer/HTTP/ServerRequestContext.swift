import Foundation
import Hummingbird
import KakeiboSync

/// What a v1 request carries from middleware to its route: Hummingbird's core context, and the
/// bearer token `BearerMiddleware` read from `Authorization`.
///
/// The bearer is only the credential here, not the caller: the store resolves it to a device
/// inside the request's own transaction (for a push, under the ledger's row lock), so a
/// revocation that commits first is seen by every push after it.
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The `kkb_…` token the request was sent with; set by `BearerMiddleware` on `v1/ledgers/:ledger`.
    public var bearer: String?
    /// The signed-in browser (issue 31); set by `SessionMiddleware` from the session cookie, nil when not signed in.
    public var web: WebCaller?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Bodies are at most `SyncProtocol.maxBodyBytes` (4 MiB): more is a 413 the client can act on.
    public var maxUploadSize: Int { SyncProtocol.maxBodyBytes }

    /// Plain JSON in: the wire format has no dates to decode.
    public var requestDecoder: JSONDecoder { JSONDecoder() }

    /// Sorted keys and unescaped slashes: the bytes clients and the scenario goldens have always seen
    /// (`{"detail":…,"error":…}`), whatever order a type declares its fields in.
    public var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
