/// A connection's request/response phase as one value, and the decisions that follow from
/// it: events are `mutating func`s that return what the connection must do (an `Action`),
/// the way swift-nio's `HTTPServerPipelineHandler` turns its `ConnectionState` into
/// actions and Hummingbird's `HTTPConnectionStateHandler.StateMachine` does over a clock.
/// `Connection` owns the sockets, the parser and the output queue and executes the actions;
/// this type owns the phase, every timestamp a timeout counts from, and every rule that
/// decides between parsing, answering, lingering and closing.
///
/// It is generic over a clock so that each timeout is tested without sockets or sleeping
/// (`Tests/AnimaticHTTPTests/ConnectionStateMachineTests.swift` drives it with a manual
/// clock); the connection uses `ContinuousClock`. Nothing here reads the clock: every event
/// that starts a timed phase is given `now`.
///
/// An event that does not apply to the state is a bug in the connection: it calls
/// `illegalTransition` (by default `assertionFailure`, so a debug build traps; the
/// connection also logs it) and the machine closes (`.close`) rather than go on in a state
/// nobody designed.
struct ConnectionStateMachine<C: Clock> where C.Duration == Duration {
    typealias Instant = C.Instant

    /// What the connection has to send besides its phase: nothing, queued response bytes
    /// (since they were queued or last moved), or a streamed body being pulled.
    enum Output: Equatable {
        case none
        case bytes(since: Instant)
        case stream(since: Instant)

        /// Response bytes queued on top of this output: the write timeout runs from now
        /// if nothing was being sent, else from the last progress.
        func withBytes(_ now: Instant) -> Output {
            switch self {
            case .none: .bytes(since: now)
            case .bytes, .stream: self
            }
        }

        /// When the bytes last moved, if there are any.
        var since: Instant? {
            switch self {
            case .none: nil
            case .bytes(let since), .stream(let since): since
            }
        }
    }

    enum State: Equatable {
        /// Accepted (TLS: handshaking), not a byte of a request yet. Header timeout from
        /// accept; on expiry a quiet close. Silent: evictable near the cap.
        case awaitingFirstRequest(since: Instant)
        /// Keep-alive between requests, at least one served. Idle timeout; quiet close.
        case idle(since: Instant, output: Output)
        /// A request's header section is arriving (from its first byte). Header timeout; 408.
        case head(since: Instant, output: Output)
        /// Its body is arriving (from the end of the head). Body timeout; 408.
        case body(since: Instant, output: Output)
        /// The request is complete and its response is computed on a work pool
        /// (`DeferredWork`); nothing more is parsed meanwhile. No timeout of ours: the work
        /// has its own deadline.
        case working(output: Output)
        /// The last response is queued (an error, `Connection: close`, HTTP/1.0, a
        /// close-delimited body, shutdown); nothing more is parsed. Write timeout.
        case closingAfterFlush(since: Instant, output: Output)
        /// FIN sent after the last response; what the client still sends is dropped.
        /// Linger timeout.
        case lingering(since: Instant)
        /// Sources cancelled, descriptor being closed. Final.
        case closed
    }

    /// What the connection must do after an event.
    enum Action: Equatable {
        case none
        /// The timer fired before the deadline (or the deadline moved): schedule it again.
        case reschedule
        /// The request did not arrive in time: answer 408 and close after it (RFC 9110 §15.5.9).
        case answerRequestTimeout
        /// Send FIN (TLS `close_notify`) and read and drop what the client still sends.
        case startLinger
        /// The shutdown grace is over while a complete request waits for its response:
        /// answer 503 with `Retry-After` and `Connection: close`, then close.
        case answerShutdownAndClose
        /// The server's budget for buffered request bodies has no room for this body (or
        /// gave its room to another, `BodyBudget`): answer 503 with `Retry-After` and
        /// close after it.
        case answerBodyBudgetExceeded
        /// Close now, cancelling any work in flight. The state is already `.closed`.
        case close
    }

    private(set) var state: State
    /// The client has sent its FIN (it may still read responses to what it sent).
    private(set) var peerClosed = false
    /// The server is shutting down: finish what is in flight, then close.
    private(set) var draining = false
    let timeouts: ConnectionTimeouts
    /// Told of an event that does not apply to the state (the machine then closes).
    let illegalTransition: (String) -> Void

    /// A new connection, accepted at `now`.
    init(
        now: Instant, timeouts: ConnectionTimeouts,
        illegalTransition: @escaping (String) -> Void = { assertionFailure($0) }
    ) {
        self.init(state: .awaitingFirstRequest(since: now), timeouts: timeouts, illegalTransition: illegalTransition)
    }

    /// A machine in any state: the tests start each event from every state.
    init(state: State, timeouts: ConnectionTimeouts, illegalTransition: @escaping (String) -> Void) {
        self.state = state
        self.timeouts = timeouts
        self.illegalTransition = illegalTransition
    }

    // MARK: - Questions

    var isClosed: Bool { state == .closed }

    var isLingering: Bool {
        if case .lingering = state { true } else { false }
    }

    /// Requests may be parsed now (given whether the queued output is below the high-water mark).
    func mayParse(outputBelowHighWater: Bool) -> Bool {
        switch state {
        case .awaitingFirstRequest: return outputBelowHighWater
        case .idle(_, let output), .head(_, let output), .body(_, let output):
            if case .stream = output { return false }
            return outputBelowHighWater
        case .working, .closingAfterFlush, .lingering, .closed:
            return false
        }
    }

    /// Whether the socket should be read: to parse, to drop input while lingering, or —
    /// while work is in flight — a little ahead so the client's leaving is seen at once.
    func wantsToRead(outputBelowHighWater: Bool, roomToReadAhead: Bool) -> Bool {
        switch state {
        case .lingering: return true
        case .closed: return false
        case .working: return !peerClosed && roomToReadAhead
        default: return !peerClosed && mayParse(outputBelowHighWater: outputBelowHighWater)
        }
    }

    var slotKind: ConnectionSlotKind {
        switch state {
        case .awaitingFirstRequest, .head(_, .none): .silent
        case .idle(_, .none): .idle
        default: .active
        }
    }

    /// When the current phase times out; nil when no timeout of the connection's runs.
    var deadline: Instant? {
        switch state {
        case .closed: return nil
        case .lingering(let since): return since.advanced(by: timeouts.linger)
        case .awaitingFirstRequest(let since): return since.advanced(by: timeouts.header)
        case .working(let output):
            return output.since.map { $0.advanced(by: timeouts.write) }
        case .closingAfterFlush(let since, let output):
            return (output.since ?? since).advanced(by: timeouts.write)
        case .idle(let since, let output):
            return output.since.map { $0.advanced(by: timeouts.write) } ?? since.advanced(by: timeouts.idle)
        case .head(let since, let output):
            return output.since.map { $0.advanced(by: timeouts.write) } ?? since.advanced(by: timeouts.header)
        case .body(let since, let output):
            return output.since.map { $0.advanced(by: timeouts.write) } ?? since.advanced(by: timeouts.body)
        }
    }

    // MARK: - Events: reading

    /// Bytes arrived while the parser held no part of a request: a request begins (its
    /// header timeout runs from now). While work is in flight they are read ahead; while
    /// the last response is queued (TLS reading for a write) they are never parsed.
    mutating func requestBytesArrived(now: Instant) -> Action {
        switch state {
        case .awaitingFirstRequest:
            state = .head(since: now, output: .none)
        case .idle(_, let output), .head(_, let output):
            state = .head(since: now, output: output)
        case .working, .closingAfterFlush:
            break
        case .body, .lingering, .closed:
            return illegal("requestBytesArrived")
        }
        return .none
    }

    /// The header section is complete; a body follows if `hasBody` (its timeout from now).
    mutating func headReceived(hasBody: Bool, now: Instant) -> Action {
        guard case .head(_, let output) = state else { return illegal("headReceived") }
        if hasBody { state = .body(since: now, output: output) }
        return .none
    }

    /// `100 Continue` queued while the body is awaited.
    mutating func interimResponseQueued(now: Instant) -> Action {
        guard case .body(let since, let output) = state else { return illegal("interimResponseQueued") }
        state = .body(since: since, output: output.withBytes(now))
        return .none
    }

    /// The body being received does not fit the server's body budget (refused, or shed to
    /// make room for another). Only a body still arriving is answered; a late word for a
    /// request that has moved on changes nothing.
    mutating func bodyBudgetExceeded() -> Action {
        guard case .body(_, _) = state else { return .none }
        return .answerBodyBudgetExceeded
    }

    /// The complete request went to a work pool.
    mutating func workStarted() -> Action {
        switch state {
        case .head(_, let output), .body(_, let output):
            state = .working(output: output)
            return .none
        default:
            return illegal("workStarted")
        }
    }

    /// A response (or a refusal of the request) is queued. `keepAlive` false: it is the
    /// last one. `moreInput`: the parser holds bytes of a next request (its header timeout
    /// runs from now), else the connection is idle from now.
    mutating func responseQueued(streamed: Bool, keepAlive: Bool, moreInput: Bool, now: Instant) -> Action {
        let output: Output
        switch state {
        case .head(_, let current), .body(_, let current), .working(let current):
            output = streamed ? .stream(since: now) : current.withBytes(now)
        default:
            return illegal("responseQueued")
        }
        if !keepAlive {
            state = .closingAfterFlush(since: now, output: output)
        } else if moreInput {
            state = .head(since: now, output: output)
        } else {
            state = .idle(since: now, output: output)
        }
        return .none
    }

    /// The client sent its FIN. One that leaves mid-request (or with nothing left to
    /// send it) is closed; one that half-closes after complete requests gets their responses.
    mutating func peerSentFIN(inputPending: Bool) -> Action {
        switch state {
        case .closed:
            return illegal("peerSentFIN")
        case .lingering:
            peerClosed = true
            return close()
        case .awaitingFirstRequest:
            peerClosed = true
            return close()
        case .idle(_, let output), .head(_, let output), .body(_, let output), .working(let output),
            .closingAfterFlush(_, let output):
            peerClosed = true
            return inputPending || output == .none ? close() : .none
        }
    }

    // MARK: - Events: writing

    /// Queued bytes went into the socket; `outputEmpty`: all of them.
    mutating func wrote(outputEmpty: Bool, now: Instant) -> Action {
        func moved(_ output: Output) -> Output? {
            switch output {
            case .none: nil
            case .bytes: outputEmpty ? Output.none : .bytes(since: now)
            case .stream: .stream(since: now)
            }
        }
        switch state {
        case .idle(let since, let output):
            guard let next = moved(output) else { return illegal("wrote") }
            state = .idle(since: since, output: next)
        case .head(let since, let output):
            guard let next = moved(output) else { return illegal("wrote") }
            state = .head(since: since, output: next)
        case .body(let since, let output):
            guard let next = moved(output) else { return illegal("wrote") }
            state = .body(since: since, output: next)
        case .working(let output):
            guard let next = moved(output) else { return illegal("wrote") }
            state = .working(output: next)
        case .closingAfterFlush(let since, let output):
            guard let next = moved(output) else { return illegal("wrote") }
            state = .closingAfterFlush(since: since, output: next)
        case .awaitingFirstRequest, .lingering, .closed:
            return illegal("wrote")
        }
        return .none
    }

    /// The streamed body has no more pieces. A close-delimited one (no length, not
    /// chunked) makes this the last response.
    mutating func streamEnded(closeDelimited: Bool, outputEmpty: Bool, now: Instant) -> Action {
        func ended(_ output: Output) -> Output? {
            guard case .stream(let since) = output else { return nil }
            return outputEmpty ? Output.none : .bytes(since: since)
        }
        switch state {
        case .idle(let since, let output):
            guard let next = ended(output) else { return illegal("streamEnded") }
            state = closeDelimited ? .closingAfterFlush(since: now, output: next) : .idle(since: since, output: next)
        case .closingAfterFlush(let since, let output):
            guard let next = ended(output) else { return illegal("streamEnded") }
            state = .closingAfterFlush(since: since, output: next)
        case .head(let since, let output):
            guard let next = ended(output) else { return illegal("streamEnded") }
            state = closeDelimited ? .closingAfterFlush(since: now, output: next) : .head(since: since, output: next)
        default:
            return illegal("streamEnded")
        }
        return .none
    }

    /// Nothing is left to send: the last response starts the lingering close; a client
    /// that has left, or a drain, closes a connection between requests.
    mutating func outputFlushed(now: Instant) -> Action {
        switch state {
        case .closed:
            return illegal("outputFlushed")
        case .lingering:
            return .none
        case .closingAfterFlush(_, let output):
            guard output == .none else { return illegal("outputFlushed") }
            if peerClosed { return close() }
            state = .lingering(since: now)
            return .startLinger
        case .awaitingFirstRequest:
            return peerClosed || draining ? close() : .none
        case .idle(_, let output):
            guard output == .none else { return illegal("outputFlushed") }
            return peerClosed || draining ? close() : .none
        case .head(_, let output), .body(_, let output), .working(let output):
            guard output == .none else { return illegal("outputFlushed") }
            return peerClosed ? close() : .none
        }
    }

    // MARK: - Events: from the server

    /// Shutdown began: a connection between requests with nothing to send closes now; any
    /// other finishes its request and closes after the response.
    mutating func drainBegan() -> Action {
        draining = true
        switch state {
        case .awaitingFirstRequest, .idle(_, .none): return close()
        default: return .none
        }
    }

    /// Near the connection cap: closes the connection if the rule still applies to it.
    mutating func evict(_ rule: ConnectionEviction) -> Action {
        switch (rule, slotKind) {
        case (.ifIdle, .idle), (.ifSilent, .silent): return close()
        default: return .none
        }
    }

    /// The shutdown grace is over: everything closes; a complete request still waiting
    /// for its response is told so (503) rather than given a bare EOF.
    mutating func shutdownGraceEnded() -> Action {
        switch state {
        case .closed:
            return .none
        case .working:
            state = .closed
            return .answerShutdownAndClose
        default:
            return close()
        }
    }

    /// The connection's own reasons to close at once (a read or write failed, too much
    /// input while lingering). `.none` when it already was closed.
    mutating func close() -> Action {
        guard state != .closed else { return .none }
        state = .closed
        return .close
    }

    /// The timer fired: what the phase's timeout means now.
    mutating func timerFired(now: Instant) -> Action {
        guard let deadline else { return .none }
        if now < deadline { return .reschedule }
        switch state {
        case .head(_, .none), .body(_, .none):
            return .answerRequestTimeout
        default:
            return close()
        }
    }

    private mutating func illegal(_ event: String) -> Action {
        illegalTransition("connection: \(event) is not an event of \(state)")
        return close()
    }
}

/// The timeouts a connection applies, each counted from the start of its phase (docs/HTTP.md).
struct ConnectionTimeouts: Equatable {
    var header: Duration
    var body: Duration
    var idle: Duration
    var write: Duration
    var linger: Duration

    init(header: Duration, body: Duration, idle: Duration, write: Duration, linger: Duration) {
        self.header = header
        self.body = body
        self.idle = idle
        self.write = write
        self.linger = linger
    }

    init(_ configuration: HTTPServerConfiguration) {
        self.init(
            header: configuration.headerTimeout, body: configuration.bodyTimeout, idle: configuration.idleTimeout,
            write: configuration.writeTimeout, linger: configuration.lingerTimeout)
    }
}

/// Which rule near the connection cap may close this connection.
enum ConnectionEviction: Equatable {
    /// Only if it is an idle keep-alive connection.
    case ifIdle
    /// Only if it is silent: no byte yet, or in a header section with nothing to send.
    case ifSilent
}

/// How a connection counts near the cap (see `ServerCore`).
enum ConnectionSlotKind: Equatable {
    /// Serving a request, or sending, or closing.
    case active
    /// Keep-alive between requests with nothing to send.
    case idle
    /// No byte of a request yet, or a header section arriving with nothing to send.
    case silent
}
