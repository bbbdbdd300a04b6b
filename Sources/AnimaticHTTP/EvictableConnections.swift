/// The connections that may be closed to make room for others: idle keep-alive ones and
/// silent ones (no byte of a request yet, or a header section arriving with nothing to
/// send — `ConnectionStateMachine.slotKind`), each in the order it became so; silent ones
/// also by client address, for the per-address cap. Kept by `ServerCore` under its lock.
struct EvictableConnections {
    /// When a silent connection became so: its place in the order, and the monotonic clock
    /// then (nanoseconds), for the per-address share's grace.
    struct Silence {
        var order: Int
        var since: UInt64
    }

    private var sequence = 0
    private var idle: [Int: Int] = [:]
    /// Client address → (connection id → when it became silent).
    private var silent: [String: [Int: Silence]] = [:]
    /// Connections closed at the cap to admit another, not gone yet: they no longer count
    /// against the cap (an eviction the connection declines puts it back).
    private(set) var evictingAtCap: Set<Int> = []

    /// A connection's slot kind changed (a new connection starts silent) at `now`, the
    /// monotonic clock in nanoseconds (read under the same lock, so that the order and the
    /// times agree).
    mutating func update(_ id: Int, host: String, kind: ConnectionSlotKind, now: UInt64) {
        forget(id, host: host)
        sequence += 1
        switch kind {
        case .idle: idle[id] = sequence
        case .silent: silent[host, default: [:]][id] = Silence(order: sequence, since: now)
        case .active: break
        }
    }

    /// The connection closed.
    mutating func closed(_ id: Int, host: String) {
        forget(id, host: host)
        evictingAtCap.remove(id)
    }

    /// The connection was not closed by its eviction (it was no longer idle or silent).
    mutating func declined(_ id: Int) {
        evictingAtCap.remove(id)
    }

    func silentCount(of host: String) -> Int { silent[host]?.count ?? 0 }

    var idleCount: Int { idle.count }
    var silentCount: Int { silent.values.reduce(0) { $0 + $1.count } }

    /// The oldest silent connection (of any address), taken out of the registry; `atCap`:
    /// it makes room for a connection over the cap.
    mutating func takeOldestSilent(atCap: Bool = false) -> Int? {
        var oldest: (id: Int, order: Int, host: String)?
        for (address, connections) in silent {
            for (id, silence) in connections where silence.order < oldest?.order ?? .max {
                oldest = (id, silence.order, address)
            }
        }
        guard let oldest else { return nil }
        forget(oldest.id, host: oldest.host)
        if atCap { evictingAtCap.insert(oldest.id) }
        return oldest.id
    }

    /// The address's share: its silent connections beyond the `keeping` newest, oldest
    /// first, that became silent at or before `cutoff`, taken out of the registry; and
    /// `waiting`, when the oldest of those still beyond `keeping` became silent (nil when
    /// none is): it may be taken once that is at or before a later cutoff.
    mutating func takeSilent(
        of host: String, keeping: Int, silentSinceAtMost cutoff: UInt64
    ) -> (taken: [Int], waiting: UInt64?) {
        guard let connections = silent[host], connections.count > keeping else { return ([], nil) }
        let beyond = connections.sorted { $0.value.order < $1.value.order }.prefix(connections.count - max(0, keeping))
        let due = beyond.prefix { $0.value.since <= cutoff }
        for (id, _) in due { forget(id, host: host) }
        return (due.map(\.key), beyond.dropFirst(due.count).first?.value.since)
    }

    /// The connection idle or silent longest, taken out of the registry, with the rule
    /// that still has to hold when it is closed.
    mutating func takeOldest() -> (id: Int, rule: ConnectionEviction)? {
        let oldestIdle = idle.min { $0.value < $1.value }
        let oldestSilent = silent.values.lazy.flatMap { $0.values.lazy.map(\.order) }.min() ?? .max
        if let oldestIdle, oldestIdle.value < oldestSilent {
            idle[oldestIdle.key] = nil
            return (oldestIdle.key, .ifIdle)
        }
        return takeOldestSilent().map { ($0, .ifSilent) }
    }

    private mutating func forget(_ id: Int, host: String) {
        idle[id] = nil
        if silent[host]?.removeValue(forKey: id) != nil, silent[host]?.isEmpty == true { silent[host] = nil }
    }
}
