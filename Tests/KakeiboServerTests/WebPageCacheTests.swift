import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KakeiboTestSupport
import XCTest

/// The web app keeps what home and the dashboard computed until the ledger's head moves
/// (`WebHeadCache`): a page viewed again at the same head is not recomputed, and any new event, recorded in
/// the browser or pushed by a CLI device, shows on the next page, as a person signed in through an invite sees it.
final class WebPageCacheTests: ServerProcessTestCase {
    func testHomeAndTheDashboardShowEveryNewEventAtOnceWhetherCapturedOnTheWebOrPushedByADevice() async throws {
        let (url, ledger) = (postgresURL!, ledgerName!)
        _ = try ok(["server", "init", "--postgres", url, "--ledger", ledger])
        let token = try ok(["server", "token", "--postgres", url, "--ledger", ledger, "--member", "alice", "--device", "laptop"])
        let a = directory.appendingPathComponent("a.sqlite").path
        _ = try ok(["--db", a, "init", "--currency", "USD"])
        _ = try ok(["--db", a, "account", "open", "assets:checking", "--type", "asset"])
        _ = try ok(["--db", a, "category", "add", "groceries"])
        _ = try ok(["--db", a, "budget", "set", "groceries", "400"])
        _ = try ok(["--db", a, "expense", "5.00", "--from", "assets:checking", "--category", "groceries", "--payee", "Green Grocer"])
        let remote = try startServer()
        _ = try ok(["--db", a, "sync", "--remote", remote.description, "--token", token])

        let base = remote.description.replacingOccurrences(of: "/ledgers/\(ledger)", with: "")
        let link = try ok(["server", "invite", "--postgres", url, "--ledger", ledger, "--member", "alice", "--scope", "write", "--base-url", base])
        let browser = try await Browser(joining: link)
        let page = remote.description

        let home = try await browser.get(page + "/")
        XCTAssertTrue(home.contains("Green Grocer"), home)
        let again = try await browser.get(page + "/")
        XCTAssertEqual(again, home, "the same head: the same page")
        let before = try await browser.get(page + "/dashboard/budgets.json")
        let position = try XCTUnwrap(Self.logPosition(before))
        let budgets = try await browser.get(page + "/dashboard/budgets.html")
        XCTAssertTrue(budgets.contains("5.00"), budgets)

        // Captured in the browser: home and the dashboard show it on the next request.
        let form = try await browser.get(page + "/capture")
        let csrf = try XCTUnwrap(form.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        let recorded = try await browser.post(page + "/capture", json: true, fields: [
            "csrf": String(csrf), "idem": "cache-1", "kind": "expense", "amount": "7.25", "account": "assets:checking",
            "category": "groceries", "payee": "Night Market",
        ])
        XCTAssertTrue(recorded.contains("\"txn\""), recorded)
        let homeAfterCapture = try await browser.get(page + "/")
        XCTAssertTrue(homeAfterCapture.contains("Night Market"), "home after a capture")
        let after = try await browser.get(page + "/dashboard/budgets.json")
        XCTAssertGreaterThan(try XCTUnwrap(Self.logPosition(after)), position, after)
        let budgetsAfterCapture = try await browser.get(page + "/dashboard/budgets.html")
        XCTAssertTrue(budgetsAfterCapture.contains("12.25"), "spent 5.00 + 7.25")

        // Pushed by a CLI device: the server's replica catches up, and the pages follow the new head.
        _ = try ok(["--db", a, "expense", "2.00", "--from", "assets:checking", "--category", "groceries", "--payee", "Corner Kiosk"])
        _ = try ok(["--db", a, "sync"])
        let homeAfterPush = try await browser.get(page + "/")
        XCTAssertTrue(homeAfterPush.contains("Corner Kiosk"), "home after a device's push")
        let budgetsAfterPush = try await browser.get(page + "/dashboard/budgets.html")
        XCTAssertTrue(budgetsAfterPush.contains("14.25"), "spent 5.00 + 7.25 + 2.00")
    }

    static func logPosition(_ json: String) -> Int64? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["logPosition"].flatMap { ($0 as? NSNumber)?.int64Value }
    }

    /// A browser reduced to what these pages need: the session cookie an invite's Join button sets, sent back on every request.
    struct Browser {
        var cookie: String

        init(joining link: String) async throws {
            var request = URLRequest(url: try XCTUnwrap(URL(string: link)))
            request.httpMethod = "POST"
            let (_, response) = try await URLSession.shared.data(for: request)
            let http = try XCTUnwrap(response as? HTTPURLResponse)
            XCTAssertEqual(http.statusCode, 200)
            let setCookie = try XCTUnwrap(http.value(forHTTPHeaderField: "Set-Cookie"))
            cookie = String(setCookie.prefix { $0 != ";" })
        }

        func get(_ url: String) async throws -> String {
            var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
            request.setValue(cookie, forHTTPHeaderField: "Cookie")
            return try await send(request)
        }

        func post(_ url: String, json: Bool, fields: [String: String]) async throws -> String {
            var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
            request.httpMethod = "POST"
            request.setValue(cookie, forHTTPHeaderField: "Cookie")
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            if json { request.setValue("application/json", forHTTPHeaderField: "Accept") }
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            request.httpBody = Data(fields.sorted { $0.key < $1.key }.map { key, value in
                key + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
            }.joined(separator: "&").utf8)
            return try await send(request)
        }

        private func send(_ request: URLRequest) async throws -> String {
            let (data, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertEqual(status, 200, "\(request.url!): \(text.prefix(300))")
            return text
        }
    }
}
