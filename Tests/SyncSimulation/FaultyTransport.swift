import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KakeiboSync
import NIOCore

/// What the network or a machine did to one request instead of carrying it.
enum SimulatedFault: Error, Equatable, CustomStringConvertible {
    /// The device is offline: nothing left it.
    case offline
    /// The request never reached the server.
    case requestDropped
    /// The server did the work; its reply never came back.
    case responseDropped
    /// The device process died at this request (the sync is abandoned; the file is as SQLite left it).
    case deviceCrashed
    /// The server died before its transaction committed (PostgreSQL rolled it back).
    case serverCrashedBeforeCommit
    /// The server committed and died before answering.
    case serverCrashedAfterCommit

    var description: String {
        switch self {
        case .offline: "offline"
        case .requestDropped: "request dropped"
        case .responseDropped: "response dropped"
        case .deviceCrashed: "device crashed"
        case .serverCrashedBeforeCommit: "server crashed before commit"
        case .serverCrashedAfterCommit: "server crashed after commit"
        }
    }

    /// Faults after which the simulated server process starts again.
    var restartsServer: Bool { self == .serverCrashedBeforeCommit || self == .serverCrashedAfterCommit }
}

/// The router client of the current server process: replaced when the simulated server restarts.
final class ServerEndpoint: @unchecked Sendable {
    var client: (any TestClientProtocol)?
}

/// One device's network: `SyncTransport` into the server's Hummingbird router in process (the real
/// routes, middleware and store, no sockets), with faults drawn from the simulation's seeded schedule.
///
/// Everything runs on one task in order, so the draws, and therefore the faults, replay exactly for a seed.
struct FaultyTransport: SyncTransport {
    let device: Int
    let simulation: Simulation

    func send(method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data) {
        try await simulation.deliver(device: device, method: method, path: path, query: query, body: body, token: token)
    }

    /// The request as HummingbirdTesting's router client carries it (as `RouterTransport` in the server tests).
    static func execute(_ client: any TestClientProtocol, method: String, path: String, query: [String: String], body: Data?,
                        token: String) async throws -> (status: Int, body: Data) {
        var uri = "/" + path
        if !query.isEmpty { uri += "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&") }
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        headers[HTTPField.Name(SyncProtocol.header)!] = String(SyncProtocol.version)
        let response = try await client.executeRequest(uri: uri, method: HTTPRequest.Method(rawValue: method)!, headers: headers,
                                                       body: body.map { ByteBuffer(bytes: $0) })
        return (Int(response.status.code), Data(response.body.readableBytesView))
    }
}
