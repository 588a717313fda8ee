import Hummingbird
import KakeiboSync

// The wire types are plain Codable values in KakeiboSync, which knows nothing of HTTP; here they
// become responses, encoded by the context's `responseEncoder` (`ServerRequestContext`).
extension ServerInfo: ResponseGenerator, ResponseEncodable {}
extension LedgerHead: ResponseGenerator, ResponseEncodable {}
extension EventPage: ResponseGenerator, ResponseEncodable {}
extension PushResponse: ResponseGenerator, ResponseEncodable {}
extension DeviceGrant: ResponseGenerator, ResponseEncodable {}
