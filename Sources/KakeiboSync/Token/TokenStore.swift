import Foundation

/// Where a device keeps its token between syncs, so `kakeibo sync` needs `--remote` and `--token` only once.
///
/// Why not in the ledger file, beside the remote it remembers (`sync_state`): the file is what people copy, back up
/// and mail to an accountant; a token in it would travel with every copy and grant push access to whoever holds one.
/// So the secret lives in the user's own configuration folder, one file per device token, named after the token's
/// public id, readable and writable by the user only (0600 in a 0700 folder). The ledger file names the device
/// (`sync_state.device_id`), which finds the file: a moved or renamed ledger still finds its token, and a copy on
/// another account or machine does not.
public struct TokenStore: Sendable {
    public var folder: URL

    public init(folder: URL) { self.folder = folder }

    /// `$KAKEIBO_CONFIG/tokens`, else `$XDG_CONFIG_HOME/kakeibo/tokens`, else `~/.config/kakeibo/tokens`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> TokenStore {
        let base: URL
        if let config = environment["KAKEIBO_CONFIG"], !config.isEmpty {
            base = URL(fileURLWithPath: config)
        } else if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg).appendingPathComponent("kakeibo")
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home).appendingPathComponent(".config/kakeibo")
        }
        return TokenStore(folder: base.appendingPathComponent("tokens"))
    }

    public func path(forDevice id: String) -> String { folder.appendingPathComponent(id).path }

    /// The stored token of device `id`, if any (and well formed).
    public func token(forDevice id: String) -> String? {
        guard let text = try? String(contentsOfFile: path(forDevice: id), encoding: .utf8) else { return nil }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let parsed = DeviceToken(token), parsed.id == id else { return nil }
        return token
    }

    /// Stores `token` (replacing an older copy), private to the user. The path it was written to, or nil when it was
    /// there already.
    @discardableResult
    public func save(_ token: DeviceToken) throws -> String? {
        guard self.token(forDevice: token.id) != token.description else { return nil }
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let path = path(forDevice: token.id)
        let scratch = path + ".new"
        guard manager.createFile(atPath: scratch, contents: Data((token.description + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw SyncError.badRemote("could not write the token to \(scratch)")
        }
        guard rename(scratch, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: scratch)
            throw SyncError.badRemote("could not store the token in \(path): \(reason)")
        }
        return path
    }
}
