import Hummingbird
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import Logging
import NIOCore

/// Every refusal of a page as a page (or, for the app's script, as `{"error","detail"}` JSON), with
/// its status: a `ServerError` keeps its status and words (403 for a read-scope member's write says
/// why), a ledger's refusal of a command is 422 with the ledger's own sentence, and anything else
/// is logged and answered 500 without details.
struct WebErrorMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let ledger = try? context.parameters.require("ledger")
        do {
            return try await next(request, context)
        } catch let error as ServerError {
            return refusal(code: error.body.error, detail: error.body.detail, status: error.status, request: request, ledger: ledger,
                           signIn: error.status == .unauthorized)
        } catch let error as LedgerError {
            return refusal(code: "refused", detail: error.description, status: .unprocessableContent, request: request, ledger: ledger)
        } catch let error as WebFormError {
            return refusal(code: "malformed", detail: error.message, status: error.status, request: request, ledger: ledger)
        } catch is NIOTooManyBytesError {
            return refusal(code: "too-large", detail: "a photo is at most 20 MB", status: .contentTooLarge, request: request, ledger: ledger)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return refusal(code: "too-large", detail: "a photo is at most 20 MB", status: .contentTooLarge, request: request, ledger: ledger)
        } catch let error as HTTPError where error.status.code < 500 {
            return refusal(code: "refused", detail: error.body ?? error.status.reasonPhrase, status: error.status, request: request, ledger: ledger)
        } catch {
            context.logger.error("web request failed: \(String(reflecting: error))")
            return refusal(code: "internal", detail: "the server could not complete the request", status: .internalServerError,
                           request: request, ledger: ledger)
        }
    }

    func refusal(code: String, detail: String, status: HTTPResponse.Status, request: Request, ledger: String?, signIn: Bool = false) -> Response {
        if WebPage.wantsJSON(request) { return WebPage.json(["error": code, "detail": detail], status: status) }
        // Not signed in: no ledger navigation to show (every link would answer the same).
        return WebPage.message(detail, heading: status.code == 403 ? "Not allowed" : signIn ? "Sign in" : "Refused", status: status,
                               ledger: signIn ? nil : ledger)
    }
}

/// A form that cannot be read as one (a missing field, an unreadable date).
struct WebFormError: Error {
    var message: String
    var status: HTTPResponse.Status = .badRequest
}
