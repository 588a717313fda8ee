import Hummingbird
import KakeiboServer

/// The household's web app (issue 31), served by `server run` on the same listener as the sync API:
/// pages under `ledgers/:ledger/…`, `join/:code` and the static assets, rendered on the server from
/// its replica of each ledger.
public enum WebApp {
    public static func install(on router: Router<ServerRequestContext>, store: ServerStore) {
    }
}
