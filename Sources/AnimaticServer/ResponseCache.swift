import Synchronization

/// A least-recently-used cache of encoded response bodies, bounded in bytes.
///
/// Keys are the content hashes that also make the ETags, so an entry is valid forever
/// (the same spec, format and options always give the same bytes); the bound only
/// decides what to keep. Each entry holds the identity body and, once a client asked for
/// it, the gzipped body, both counted. Thread-safe (one `Mutex`): handlers run on many threads.
public final class ResponseCache: Sendable {
    public struct Entry: Sendable {
        public var body: [UInt8]
        public var gzipped: [UInt8]?
        /// The `Animatic-Warning` header values of the response (`SpecWarnings`), kept with
        /// the body so that a cache hit sends them without the spec.
        public var warnings: [String] = []
        var cost: Int { body.count + (gzipped?.count ?? 0) }
    }

    private final class Node {
        let key: String
        var entry: Entry
        var previous: Node?
        var next: Node?
        init(key: String, entry: Entry) { self.key = key; self.entry = entry }
    }

    /// The list and the index; only ever touched inside `storage`'s lock.
    private struct Storage: ~Copyable {
        var nodes: [String: Node] = [:]
        /// Most recently used first.
        var head: Node?
        var tail: Node?
        var used = 0

        mutating func unlink(_ node: Node) {
            node.previous?.next = node.next
            node.next?.previous = node.previous
            if head === node { head = node.next }
            if tail === node { tail = node.previous }
            node.previous = nil
            node.next = nil
        }

        mutating func insertAtFront(_ node: Node) {
            node.next = head
            head?.previous = node
            head = node
            if tail == nil { tail = node }
        }

        mutating func moveToFront(_ node: Node) {
            guard head !== node else { return }
            unlink(node)
            insertAtFront(node)
        }
    }

    public let capacity: Int
    private let storage = Mutex(Storage())

    public init(capacityBytes: Int) {
        capacity = max(capacityBytes, 0)
    }

    public func entry(_ key: String) -> Entry? {
        storage.withLock { storage in
            guard let node = storage.nodes[key] else { return nil }
            storage.moveToFront(node)
            return node.entry
        }
    }

    /// Stores or replaces `entry`, evicting the least recently used entries as needed.
    /// An entry larger than the whole cache is not kept.
    public func store(_ key: String, _ entry: Entry) {
        storage.withLock { storage in
            if let node = storage.nodes[key] {
                storage.used -= node.entry.cost
                node.entry = entry
                storage.used += entry.cost
                storage.moveToFront(node)
            } else {
                guard entry.cost <= capacity else { return }
                let node = Node(key: key, entry: entry)
                storage.nodes[key] = node
                storage.used += entry.cost
                storage.insertAtFront(node)
            }
            while storage.used > capacity, let last = storage.tail {
                storage.unlink(last)
                storage.nodes[last.key] = nil
                storage.used -= last.entry.cost
            }
        }
    }

    public var bytesUsed: Int { storage.withLock { $0.used } }
    public var count: Int { storage.withLock { $0.nodes.count } }
}
