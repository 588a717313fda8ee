import Hummingbird
import Logging
import NIOCore

/// Every refusal of the v1 API as one JSON object, `{"error","detail",…}` with its status: a
/// `ServerError` renders itself (`HTTPResponseError`); a body over the limit is 413 too-large (the
/// client's fault, not the server's); anything else is logged and answered 500 internal, without
/// the details, which may name the database.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServerError {
            return try error.response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            return try ServerError.tooLarge.response(from: request, context: context)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return try ServerError.tooLarge.response(from: request, context: context)
        } catch {
            context.logger.error("request failed: \(String(reflecting: error))")
            return try ServerError.internal.response(from: request, context: context)
        }
    }
}
