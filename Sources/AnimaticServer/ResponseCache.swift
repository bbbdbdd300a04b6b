import Foundation

/// A least-recently-used cache of encoded response bodies, bounded in bytes.
///
/// Keys are the content hashes that also make the ETags, so an entry is valid forever
/// (the same spec, format and options always give the same bytes); the bound only
/// decides what to keep. Each entry holds the identity body and, once a client asked for
/// it, the gzipped body, both counted. Thread-safe: handlers run on many threads.
public final class ResponseCache: @unchecked Sendable {
    public struct Entry: Sendable {
        public var body: [UInt8]
        public var gzipped: [UInt8]?
        var cost: Int { body.count + (gzipped?.count ?? 0) }
    }

    private final class Node {
        let key: String
        var entry: Entry
        var previous: Node?
        var next: Node?
        init(key: String, entry: Entry) { self.key = key; self.entry = entry }
    }

    public let capacity: Int
    private let lock = NSLock()
    private var nodes: [String: Node] = [:]
    /// Most recently used first.
    private var head: Node?
    private var tail: Node?
    private var used = 0

    public init(capacityBytes: Int) {
        capacity = max(capacityBytes, 0)
    }

    public func entry(_ key: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        guard let node = nodes[key] else { return nil }
        moveToFront(node)
        return node.entry
    }

    /// Stores or replaces `entry`, evicting the least recently used entries as needed.
    /// An entry larger than the whole cache is not kept.
    public func store(_ key: String, _ entry: Entry) {
        lock.lock()
        defer { lock.unlock() }
        if let node = nodes[key] {
            used -= node.entry.cost
            node.entry = entry
            used += entry.cost
            moveToFront(node)
        } else {
            guard entry.cost <= capacity else { return }
            let node = Node(key: key, entry: entry)
            nodes[key] = node
            used += entry.cost
            insertAtFront(node)
        }
        while used > capacity, let last = tail {
            unlink(last)
            nodes[last.key] = nil
            used -= last.entry.cost
        }
    }

    public var bytesUsed: Int { lock.lock(); defer { lock.unlock() }; return used }
    public var count: Int { lock.lock(); defer { lock.unlock() }; return nodes.count }

    private func unlink(_ node: Node) {
        node.previous?.next = node.next
        node.next?.previous = node.previous
        if head === node { head = node.next }
        if tail === node { tail = node.previous }
        node.previous = nil
        node.next = nil
    }

    private func insertAtFront(_ node: Node) {
        node.next = head
        head?.previous = node
        head = node
        if tail == nil { tail = node }
    }

    private func moveToFront(_ node: Node) {
        guard head !== node else { return }
        unlink(node)
        insertAtFront(node)
    }
}
