import KakeiboDomain

/// A proof file as `proof check` reads it: an inclusion proof (it has `events`) or a consistency
/// proof (it has `oldSize`). Checking needs no ledger, only the document.
public enum ProofDocument: Hashable, Sendable {
    case inclusion(InclusionProof)
    case consistency(ConsistencyProof)

    public init(parsing bytes: [UInt8]) throws(ProofCheckFailure) {
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { throw .notJSON(reason: String(describing: error)) }
        guard case .object(let members) = json else { throw .unknownDocument }
        if members["events"] != nil {
            self = .inclusion(try InclusionProof(json: json))
        } else if members["oldSize"] != nil {
            self = .consistency(try ConsistencyProof(json: json))
        } else {
            throw .unknownDocument
        }
    }

    /// The tree head the proof is against.
    public var checkpoint: (origin: String, size: UInt64, root: Digest32) {
        switch self {
        case .inclusion(let proof): (proof.origin, proof.size, proof.root)
        case .consistency(let proof): (proof.origin, proof.size, proof.root)
        }
    }

    /// Checks every hash the proof carries; with `expecting`, also that it is against that tree
    /// head. Throws the first failure.
    public func check(expecting expected: (size: UInt64, root: Digest32)? = nil) throws(ProofCheckFailure) {
        if let expected {
            let head = checkpoint
            guard head.size == expected.size, head.root == expected.root else {
                throw .unexpectedRoot(expectedSize: expected.size, expectedRoot: expected.root, size: head.size, root: head.root)
            }
        }
        switch self {
        case .inclusion(let proof): try Self.check(proof)
        case .consistency(let proof):
            guard proof.holds else { throw .consistency(oldSize: proof.oldSize, size: proof.size) }
        }
    }

    static func check(_ proof: InclusionProof) throws(ProofCheckFailure) {
        guard !proof.events.isEmpty else { throw .noEvents }
        var last: UInt64 = 0
        for event in proof.events {
            guard event.position > last else { throw .eventsOutOfOrder(position: event.position) }
            last = event.position
            // The envelope's own position member is hashed; it must be the position proved.
            let stated: Int64?
            if case .object(let members)? = try? JSONValue.parse(Array(event.envelope.utf8)), case .int(let p)? = members["position"] {
                stated = p
            } else {
                stated = nil
            }
            guard stated == Int64(event.position) else { throw .envelopePosition(position: event.position, stated: stated) }
            let computed = Digest32(bytes: ChainHash.hash(previous: event.previousHash.bytes, header: Array(event.envelope.utf8),
                                                          payload: Array(event.payload.utf8)))!
            guard computed == event.hash else { throw .chainHash(position: event.position, stated: event.hash, computed: computed) }
            let root: Digest32
            do {
                root = try MerkleProof.rootFromInclusion(leaf: MerkleHash.leaf(chainHash: event.hash), index: event.position - 1,
                                                         size: proof.size, path: event.path)
            } catch let error as MerkleProofError {
                throw .badPath(position: event.position, problem: error)
            } catch {
                throw .badPath(position: event.position, problem: .indexOutOfRange(index: event.position - 1, size: proof.size))
            }
            guard root == proof.root else { throw .inclusion(position: event.position, computedRoot: root, root: proof.root) }
        }
    }
}
