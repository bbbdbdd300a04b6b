import Synchronization

/// A bounded map from request keys to content hashes, emptied when full (entries are
/// small and equally cheap to recompute). Thread-safe.
///
/// It lets a repeated timeline request go to the response cache without decoding and
/// re-encoding its spec: the request key (`APIRoutes.requestKey`) names the route's
/// inputs, the content hash names the canonical spec's response.
final class RequestHashMemo: Sendable {
    private let hashes = Mutex<[String: String]>([:])
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func hash(_ key: String) -> String? {
        hashes.withLock { $0[key] }
    }

    func store(_ key: String, _ hash: String) {
        hashes.withLock { hashes in
            if hashes.count >= capacity { hashes.removeAll(keepingCapacity: true) }
            hashes[key] = hash
        }
    }
}
