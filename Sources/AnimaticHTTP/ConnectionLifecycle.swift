/// Where a connection is in its life, as one value rather than separate flags that could
/// contradict each other (the way swift-nio's `HTTPServerPipelineHandler` keeps its
/// `LifecycleState`). Transitions only go forward: open → closing after the flush →
/// lingering → closed; a transition that does not apply is ignored.
struct ConnectionLifecycle: Equatable {
    enum State: Equatable {
        /// Reading requests and answering them.
        case open
        /// The last response is queued (an error, `Connection: close`, HTTP/1.0, a
        /// close-delimited body, shutdown): no more requests are read; once the output is
        /// written the connection lingers.
        case closingAfterFlush
        /// FIN sent after the last response; what the client still sends is read and dropped.
        case lingering
        /// Sources cancelled, descriptor being closed.
        case closed
    }

    private(set) var state = State.open
    /// The client has sent its FIN (it may still read responses to what it sent).
    private(set) var peerClosed = false
    /// The server is shutting down: finish what is in flight, then close.
    private(set) var draining = false

    /// Requests may still be parsed and answered.
    var acceptsRequests: Bool { state == .open }
    /// No response will follow the ones queued (closing after the flush, or lingering).
    var isFinishing: Bool { state == .closingAfterFlush || state == .lingering }
    var isLingering: Bool { state == .lingering }
    var isClosed: Bool { state == .closed }

    mutating func closeAfterFlush() {
        if state == .open { state = .closingAfterFlush }
    }

    mutating func startLinger() {
        if state == .closingAfterFlush { state = .lingering }
    }

    /// Returns whether this call closed it (false if it already was).
    mutating func close() -> Bool {
        guard state != .closed else { return false }
        state = .closed
        return true
    }

    mutating func peerSentFIN() { peerClosed = true }

    mutating func beginDrain() { draining = true }
}
