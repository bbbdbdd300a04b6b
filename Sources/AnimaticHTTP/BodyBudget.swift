import Dispatch
import Synchronization

/// The server-wide budget of request-body bytes held in memory (issue 26: 4,096
/// connections × a 1 MiB body is 4 GiB; 2,000 held uploads took 2.07 GB).
///
/// A connection reserves what its body will hold — the declared `Content-Length` as soon as
/// the head arrives, or what a chunked body has brought so far — and keeps it until the
/// request's response is queued (the body lives in the request until then) or the
/// connection closes. Over the budget, connections still receiving a body that hold more
/// than the new reservation asks are shed, largest first, if that makes room; otherwise the
/// new reservation is refused. Either way the loser is answered 503 with `Retry-After`.
/// Ties go against the newcomer, so equal uploads never shed each other.
///
/// Released bytes are counted; after every `trimEvery` bytes the allocator is asked to give
/// freed memory back (`malloc_trim(0)`, off the connection's queue, one at a time).
final class BodyBudget: Sendable {
    private struct Holding {
        var bytes: Int
        /// Still receiving its body: may be shed.
        var receiving: Bool
    }

    private struct State {
        var total = 0
        var holdings: [Int: Holding] = [:]
        var releasedSinceTrim = 0
        /// Reservations refused plus connections shed: each is one 503.
        var refusals = 0
    }

    /// A reservation granted (with the connections shed to make room for it), or refused.
    enum Outcome: Equatable {
        case granted(shed: [Int])
        case refused
    }

    let limit: Int
    let trimEvery: Int
    private let state = Mutex(State())
    private let trimming = Atomic<Bool>(false)
    private let trim: @Sendable () -> Void

    init(limit: Int, trimEvery: Int = 64 << 20, trim: @escaping @Sendable () -> Void = MemoryTrim.releaseFreeMemory) {
        self.limit = limit
        self.trimEvery = trimEvery
        self.trim = trim
    }

    var heldBytes: Int { state.withLock { $0.total } }

    func holding(of id: Int) -> Int { state.withLock { $0.holdings[id]?.bytes ?? 0 } }

    /// Uploads answered 503 for the budget so far: newcomers refused and connections shed.
    var refusalCount: Int { state.withLock { $0.refusals } }

    /// Raises connection `id`'s reservation to `bytes` (never lowers it) for a body it is
    /// receiving. `shed`: connections whose reservations were taken to make room; each
    /// must be answered 503 and closed.
    func reserve(_ id: Int, bytes: Int) -> Outcome {
        let (outcome, trimNow) = state.withLock { state -> (Outcome, Bool) in
            let current = state.holdings[id]?.bytes ?? 0
            guard bytes > current else {
                state.holdings[id]?.receiving = true
                return (.granted(shed: []), false)
            }
            var needed = state.total - current + bytes - limit
            var shed: [Int] = []
            if needed > 0 {
                guard bytes <= limit else {
                    state.refusals += 1
                    return (.refused, false)
                }
                let larger = state.holdings
                    .filter { $0.key != id && $0.value.receiving && $0.value.bytes > bytes }
                    .sorted { $0.value.bytes > $1.value.bytes || ($0.value.bytes == $1.value.bytes && $0.key < $1.key) }
                for (other, holding) in larger where needed > 0 {
                    shed.append(other)
                    needed -= holding.bytes
                }
                guard needed <= 0 else {
                    state.refusals += 1
                    return (.refused, false)
                }
                for other in shed { release(other, in: &state) }
                state.refusals += shed.count
            }
            state.total += bytes - current
            state.holdings[id] = Holding(bytes: bytes, receiving: true)
            // Shedding released reservations too: they count towards the next trim.
            return (.granted(shed: shed), takeTrim(&state))
        }
        if trimNow { startTrim() }
        return outcome
    }

    /// The body is complete (it goes to the handler): it may no longer be shed, and stays
    /// reserved until `release`.
    func bodyReceived(_ id: Int) {
        state.withLock { $0.holdings[id]?.receiving = false }
    }

    /// The request's response is queued, or the connection closed: its bytes are free.
    func release(_ id: Int) {
        let trimNow = state.withLock { state -> Bool in
            guard state.holdings[id] != nil else { return false }
            release(id, in: &state)
            return takeTrim(&state)
        }
        if trimNow { startTrim() }
    }

    private func release(_ id: Int, in state: inout State) {
        guard let holding = state.holdings.removeValue(forKey: id) else { return }
        state.total -= holding.bytes
        state.releasedSinceTrim += holding.bytes
    }

    /// Whether enough was released since the last trim; resets the count if so.
    private func takeTrim(_ state: inout State) -> Bool {
        guard state.releasedSinceTrim >= trimEvery else { return false }
        state.releasedSinceTrim = 0
        return true
    }

    /// One trim at a time, on a utility thread: `malloc_trim` walks the heap.
    private func startTrim() {
        guard !trimming.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            trim()
            trimming.store(false, ordering: .releasing)
        }
    }
}
