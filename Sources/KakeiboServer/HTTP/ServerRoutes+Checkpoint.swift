import Foundation
import Hummingbird
import KakeiboSync

extension ServerRoutes {
    /// The witness routes (issue 34, part 5) on the ledger group: the signed checkpoint as a C2SP note in
    /// plain text (what `curl` and other tlog tools read), a consistency proof, and devices' cosignatures.
    static func addCheckpointRoutes(to ledger: RouterGroup<ServerRequestContext>, store: ServerStore) {
        ledger.get("checkpoint") { _, context in
            let note = try await store.signedCheckpoint(ledger: context.ledger, bearer: context.bearer)
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: note)))
        }
        ledger.get("proof/consistency") { request, context in
            let query = request.uri.queryParameters
            guard let from = query.get("from", as: UInt64.self) else { throw ServerError.malformed("give from=SIZE") }
            return try await store.consistency(ledger: context.ledger, bearer: context.bearer, from: from, to: query.get("to", as: UInt64.self))
        }
        ledger.post("checkpoint/cosignatures") { request, context in
            let body = try await decode(CosignatureRequest.self, request, context)
            return try await store.cosign(ledger: context.ledger, bearer: context.bearer, request: body)
        }
        ledger.get("checkpoint/cosignatures") { _, context in
            try await store.cosignatures(ledger: context.ledger, bearer: context.bearer)
        }
    }
}

extension ConsistencyReply: ResponseGenerator, ResponseEncodable {}
extension CosignaturesReply: ResponseGenerator, ResponseEncodable {}
extension CosignaturesReply.Cosigned: ResponseGenerator, ResponseEncodable {}
