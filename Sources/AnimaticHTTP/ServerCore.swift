import Dispatch
import Logging
import Synchronization
import Glibc

/// The shared state of a running server: listeners, the connection registry, and the
/// pieces every connection uses. `HTTPServer` is its public face.
final class ServerCore: Sendable {
    enum Phase: Sendable { case idle, running, draining, stopped }

    struct State: ~Copyable {
        var phase: Phase = .idle
        var listeners: [Listener] = []
        var openListeners = 0
        var connections: [Int: Connection] = [:]
        /// Open connections per client address (without port).
        var perClient: [String: Int] = [:]
        /// Idle keep-alive and silent connections, oldest first: who makes room near the cap.
        var evictable = EvictableConnections()
        /// Addresses over their silent share with a check pending (`enforceSilentShare`).
        var silentShareChecks: Set<String> = []
        var nextID = 0
        var boundPort: Int?
    }

    final class Listener: @unchecked Sendable {
        let fd: Int32
        let source: DispatchSourceRead
        var paused = false  // touched only on the accept queue
        init(fd: Int32, source: DispatchSourceRead) {
            self.fd = fd
            self.source = source
        }
    }

    let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    let logger: Logger
    let serializer: ResponseSerializer
    let requestIDs = RequestIDGenerator()
    let bodyBudget: BodyBudget
    let tls: TLSContext?
    let acceptQueue = DispatchQueue(label: "animatic.http.accept")
    let ioQueue = DispatchQueue(label: "animatic.http.io", qos: .userInitiated, attributes: .concurrent)
    let state = Mutex(State())
    let stopped = DispatchGroup()
    private let drainingFlag = Atomic<Bool>(false)

    init(configuration: HTTPServerConfiguration, logger: Logger, handler: @escaping HTTPHandler) throws {
        self.configuration = configuration
        self.logger = logger
        self.handler = handler
        self.serializer = ResponseSerializer(
            serverName: configuration.serverName,
            gzip: GzipEncoder(level: configuration.gzipLevel),
            gzipMinimumSize: configuration.gzipMinimumSize, dates: DateCache(),
            compresses: configuration.compressResponses)
        self.tls = try configuration.tls.map { try TLSContext(configuration: $0) }
        self.bodyBudget = BodyBudget(limit: configuration.maxBufferedBodyBytes)
    }

    var isDraining: Bool { drainingFlag.load(ordering: .relaxed) }

    var openConnectionCount: Int { state.withLock { $0.connections.count } }

    var boundPort: Int? { state.withLock { $0.boundPort } }

    // MARK: - Start

    func start() throws -> Int {
        // A peer that vanishes must not kill the process; writes report EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        let addresses = try Socket.resolve(host: configuration.host, port: configuration.port)
        guard !addresses.isEmpty else { throw Socket.Error(call: "resolve \(configuration.host)", code: EADDRNOTAVAIL) }
        let hasIPv4 = addresses.contains { Int32($0.ss_family) == AF_INET }
        var port = configuration.port
        var fds: [Int32] = []
        do {
            for address in addresses {
                // With an IPv4 address bound too, IPv6 sockets are IPv6-only; "::" alone is dual-stack.
                let fd = try Socket.listen(on: address, port: port, backlog: configuration.backlog, v6Only: hasIPv4)
                fds.append(fd)
                if port == 0 { port = Socket.localPort(fd) }
            }
        } catch {
            for fd in fds { Glibc.close(fd) }
            throw error
        }
        let listeners = fds.map { fd -> Listener in
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: acceptQueue)
            let listener = Listener(fd: fd, source: source)
            source.setEventHandler { [self] in acceptConnections(listener) }
            source.setCancelHandler { [self] in
                Glibc.close(fd)
                listenerClosed()
            }
            return listener
        }
        let alreadyStarted = state.withLock { state -> Bool in
            guard state.phase == .idle else { return true }
            state.phase = .running
            state.listeners = listeners
            state.openListeners = listeners.count
            state.boundPort = port
            return false
        }
        if alreadyStarted {
            for fd in fds { Glibc.close(fd) }
            throw Socket.Error(call: "start: server already started", code: EALREADY)
        }
        stopped.enter()
        for listener in listeners { listener.source.resume() }
        logger.info(
            "listening",
            metadata: [
                "host": "\(configuration.host)", "port": "\(port)",
                "tls": "\(configuration.tls != nil)",
            ])
        return port
    }

    // MARK: - Accept

    private func acceptConnections(_ listener: Listener) {
        while true {
            guard let (fd, address) = Socket.accept(listener.fd) else {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: stop watching for a moment instead of spinning.
                    logger.warning("accept failed, pausing accepts", metadata: ["errno": "\(errno)"])
                    if !listener.paused {
                        listener.paused = true
                        listener.source.suspend()
                        acceptQueue.asyncAfter(deadline: .now() + .milliseconds(100)) {
                            listener.paused = false
                            listener.source.resume()
                        }
                    }
                    return
                default:
                    return
                }
            }
            admit(fd: fd, address: address)
        }
    }

    private func admit(fd: Int32, address: sockaddr_storage) {
        Socket.setNoDelay(fd)
        let remote = Socket.describe(address)
        let transport: Transport
        if let tls {
            guard let t = TLSTransport(context: tls, fd: fd) else {
                Glibc.close(fd)
                return
            }
            transport = t
        } else {
            transport = PlainTransport(fd: fd)
        }
        let host = Self.hostPart(of: remote)
        let threshold =
            configuration.idleEvictionThreshold ?? (configuration.maxConnections - configuration.maxConnections / 8)
        enum Admission {
            case accepted(Connection, evict: [(Connection, ConnectionEviction)])
            case overCapacity, overClientCap, notRunning
        }
        var check: UInt64?
        let admission = state.withLock { state -> Admission in
            guard state.phase == .running else { return .notRunning }
            guard state.perClient[host, default: 0] < configuration.maxConnectionsPerClient else {
                return .overClientCap
            }
            var evict: [(id: Int, rule: ConnectionEviction)] = []
            let open = state.connections.count - state.evictable.evictingAtCap.count
            if open >= configuration.maxConnections {
                // At the cap, the connection silent longest gives its slot to this one.
                guard let id = state.evictable.takeOldestSilent(atCap: true) else { return .overCapacity }
                evict.append((id, .ifSilent))
            } else if open >= threshold, let oldest = state.evictable.takeOldest() {
                // Near the cap, the connection idle or silent longest makes room (it is
                // closed only if it still is).
                evict.append(oldest)
            }
            // This one starts silent: past its address's share of silent connections, the
            // address's oldest silent ones go — those silent for the grace now, the others
            // when they have been (`enforceSilentShare`), if they still are.
            let now = DispatchTime.now().uptimeNanoseconds
            let share = configuration.maxSilentConnectionsPerClient
            if state.evictable.silentCount(of: host) >= share {
                let (taken, next) = takeSilentPastShare(of: host, keeping: share - 1, now: now, in: &state)
                evict += taken.map { ($0, .ifSilent) }
                check = next
            }
            state.nextID += 1
            let connection = Connection(
                id: state.nextID, fd: fd, remoteAddress: remote, remoteHost: host,
                transport: transport, core: self, target: ioQueue)
            state.connections[state.nextID] = connection
            state.perClient[host, default: 0] += 1
            state.evictable.update(state.nextID, host: host, kind: .silent, now: now)
            return .accepted(
                connection, evict: evict.compactMap { entry in state.connections[entry.id].map { ($0, entry.rule) } })
        }
        if let check { scheduleSilentShareCheck(of: host, after: check) }
        switch admission {
        case .accepted(let connection, let evict):
            for (victim, rule) in evict { victim.evict(rule) }
            connection.start()
        case .overCapacity:
            logger.warning(
                "connection limit reached, answering 503",
                metadata: [
                    "remote": "\(remote)",
                    "limit": "\(configuration.maxConnections)",
                ])
            reject(fd: fd, transport: transport, status: .serviceUnavailable, reason: "connection limit reached")
        case .overClientCap:
            logger.warning(
                "per-client connection limit reached, answering 429",
                metadata: ["remote": "\(remote)", "limit": "\(configuration.maxConnectionsPerClient)"])
            reject(
                fd: fd, transport: transport, status: .tooManyRequests, reason: "too many connections from this address"
            )
        case .notRunning:
            transport.free()
            Glibc.close(fd)
        }
    }

    /// An address over its silent share had connections still within the grace: they go
    /// when they have been silent for it, if they still are and the address is still over
    /// its share (`maxSilentConnectionsPerClient`), and the check repeats while it is.
    private func enforceSilentShare(of host: String) {
        var check: UInt64?
        let victims = state.withLock { state -> [Connection] in
            state.silentShareChecks.remove(host)
            guard state.phase == .running else { return [] }
            let (taken, next) = takeSilentPastShare(
                of: host, keeping: configuration.maxSilentConnectionsPerClient,
                now: DispatchTime.now().uptimeNanoseconds, in: &state)
            check = next
            return taken.compactMap { state.connections[$0] }
        }
        for victim in victims { victim.evict(.ifSilent) }
        if let check { scheduleSilentShareCheck(of: host, after: check) }
    }

    /// The silent connections of `host` beyond its `keeping` newest that have been silent
    /// for the grace, taken out of the registry; and, when others beyond them are still
    /// within it and no check of the address is pending, the nanoseconds until the check
    /// that will take them (now pending: the caller schedules it).
    private func takeSilentPastShare(
        of host: String, keeping: Int, now: UInt64, in state: inout State
    ) -> (taken: [Int], check: UInt64?) {
        let grace = configuration.silentShareGrace
        let (taken, waiting) = state.evictable.takeSilent(
            of: host, keeping: keeping, silentSinceAtMost: Self.instant(now, less: grace))
        guard let waiting, state.silentShareChecks.insert(host).inserted else { return (taken, nil) }
        return (taken, Self.delay(until: waiting, grace: grace, now: now))
    }

    private func scheduleSilentShareCheck(of host: String, after nanoseconds: UInt64) {
        acceptQueue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) { [self] in
            enforceSilentShare(of: host)
        }
    }

    /// Nanoseconds from `now` until a connection silent since `since` has been for `grace`.
    static func delay(until since: UInt64, grace: Duration, now: UInt64) -> UInt64 {
        let due = since.addingReportingOverflow(UInt64(max(0, grace.nanoseconds)))
        return due.overflow ? .max : (due.partialValue > now ? due.partialValue - now : 0)
    }

    /// The monotonic clock `grace` before `now` (nanoseconds), 0 when that is before it began.
    static func instant(_ now: UInt64, less grace: Duration) -> UInt64 {
        let grace = UInt64(max(0, grace.nanoseconds))
        return now > grace ? now - grace : 0
    }

    /// "1.2.3.4" of "1.2.3.4:5678", "::1" of "[::1]:5678".
    static func hostPart(of remote: String) -> String {
        if remote.hasPrefix("["), let close = remote.firstIndex(of: "]") {
            return String(remote[remote.index(after: remote.startIndex)..<close])
        }
        if let colon = remote.lastIndex(of: ":") { return String(remote[..<colon]) }
        return remote
    }

    /// Over a connection cap: a 503 (global cap) or 429 (per-client cap) built by the same
    /// `errorResponder` as the protocol errors (so an application answers in its own error
    /// format), with `Retry-After: 1` and `Connection: close`, if the socket takes it at once
    /// (plain TCP only; a TLS client just sees the close), then close.
    private func reject(fd: Int32, transport: Transport, status: HTTPStatus, reason: String) {
        if !transport.isSecure {
            let bytes = refusal(status: status, reason: reason)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            Glibc.shutdown(fd, Int32(SHUT_WR))
            // Drop the request bytes already received so close() sends FIN, not RST.
            Socket.discardPending(fd)
        }
        transport.free()
        Glibc.close(fd)
    }

    /// The bytes of a refusal sent before any request was read: the `errorResponder`'s
    /// response (or the short text one), told to retry in a second and that the server closes.
    func refusal(status: HTTPStatus, reason: String) -> [UInt8] {
        var response =
            configuration.errorResponder?(status, reason)
            ?? HTTPResponse(status: status, text: "\(status.code) \(status.reasonPhrase): \(reason)\n")
        response.headers.set("Retry-After", "1")
        response.headers.set("Connection", "close")
        let prepared = serializer.prepare(
            response, method: nil, version: .http1_1, requestHeaders: HTTPHeaders(),
            requestID: requestIDs.next(for: HTTPHeaders()),
            keepAlive: false)
        return prepared.head + prepared.body
    }

    // MARK: - Stop

    func shutdown() {
        enum Action { case none, stopNow, drain([Listener], [Connection]) }
        let action = state.withLock { state -> Action in
            switch state.phase {
            case .idle:
                state.phase = .stopped
                return .stopNow
            case .running:
                state.phase = .draining
                let listeners = state.listeners
                state.listeners = []
                return .drain(listeners, Array(state.connections.values))
            case .draining, .stopped:
                return .none
            }
        }
        drainingFlag.store(true, ordering: .relaxed)
        guard case .drain(let listeners, let connections) = action else { return }
        logger.info(
            "shutting down",
            metadata: [
                "connections": "\(connections.count)",
                "grace_s": "\(configuration.shutdownGracePeriod)",
            ])
        for listener in listeners {
            // Refuse new connections now (Linux: shutdown on a listening socket resets
            // its backlog and refuses connects); the descriptor is closed once the
            // source is cancelled, so Dispatch never watches a closed or reused fd.
            Glibc.shutdown(listener.fd, Int32(SHUT_RDWR))
            acceptQueue.async {
                if listener.paused { listener.paused = false; listener.source.resume() }
                listener.source.cancel()
            }
        }
        for connection in connections { connection.beginDrain() }
        acceptQueue.asyncAfter(deadline: .now() + configuration.shutdownGracePeriod.dispatchInterval) { [self] in
            let remaining = state.withLock { Array($0.connections.values) }
            if !remaining.isEmpty {
                logger.warning(
                    "grace period over, closing connections", metadata: ["connections": "\(remaining.count)"])
            }
            for connection in remaining { connection.forceClose() }
        }
        finishIfDone()
    }

    func connectionClosed(_ id: Int, remoteHost: String) {
        state.withLock { state in
            state.connections.removeValue(forKey: id)
            state.evictable.closed(id, host: remoteHost)
            let left = state.perClient[remoteHost, default: 1] - 1
            state.perClient[remoteHost] = left > 0 ? left : nil
        }
        finishIfDone()
    }

    /// A connection's slot kind changed (its state machine's `slotKind`): idle keep-alive
    /// and silent connections are closed first near the cap.
    func connection(_ id: Int, remoteHost: String, slot: ConnectionSlotKind) {
        state.withLock { state in
            guard state.connections[id] != nil else { return }
            state.evictable.update(id, host: remoteHost, kind: slot, now: DispatchTime.now().uptimeNanoseconds)
        }
    }

    /// The body budget took these connections' reservations for a larger need.
    func shedBodies(_ ids: [Int]) {
        let victims = state.withLock { state in ids.compactMap { state.connections[$0] } }
        for victim in victims { victim.shedBody() }
    }

    /// An eviction found the connection no longer idle or silent: it stays, and counts.
    func evictionDeclined(_ id: Int) {
        state.withLock { $0.evictable.declined(id) }
    }

    private func listenerClosed() {
        state.withLock { $0.openListeners -= 1 }
        finishIfDone()
    }

    private func finishIfDone() {
        let done = state.withLock { state -> Bool in
            guard state.phase == .draining, state.connections.isEmpty, state.openListeners == 0 else { return false }
            state.phase = .stopped
            return true
        }
        if done {
            logger.info("stopped")
            stopped.leave()
        }
    }
}
