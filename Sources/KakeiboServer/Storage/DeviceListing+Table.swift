import Foundation

extension DeviceListing {
    /// `server token list`: one aligned row per device (ledger, id, member, name, scope, kind, state, last use to the
    /// second in UTC), under a header. Plain columns rather than a report table: an administrator reads it on the
    /// server's own terminal, and scripts split it on runs of spaces.
    public static func table(_ devices: [DeviceListing]) -> String {
        let format = Date.ISO8601FormatStyle(includingFractionalSeconds: false)
        let rows = devices.map { d in
            [d.ledger, d.deviceId, d.member, d.name, d.scope, d.kind, d.revoked ? "revoked" : "active", d.lastUsed.map { $0.formatted(format) } ?? "-"]
        }
        let header = ["ledger", "id", "member", "name", "scope", "kind", "state", "last used"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
