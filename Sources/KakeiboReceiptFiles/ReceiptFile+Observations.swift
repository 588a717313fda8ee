import Foundation
import KakeiboReceipts

extension ReceiptFile {
    /// The one decoder for text observations another engine wrote (`[{"text","x","y","width","height","confidence"}]`,
    /// normalised 0–1 from the top left): `receipts read --observations`, `import receipt --observations` and the
    /// evaluation's cache all read through it.
    public static func observations(in data: Data) -> [TextObservation]? {
        try? JSONDecoder().decode([TextObservation].self, from: data)
    }

    /// The file's observations and its bytes' SHA-256 (the import's idempotency key).
    public static func observations(at path: String) throws(ReceiptFileError) -> (observations: [TextObservation], digest: String) {
        let data = try contents(of: path)
        guard let observations = observations(in: data) else { throw .notObservations(path: path) }
        return (observations, sha256Hex(data))
    }
}
