import Dispatch
import Logging
import Glibc

/// One client connection: a non-blocking socket driven by Dispatch read/write sources
/// and a timer on the connection's own serial queue. Never blocks in a read.
///
/// All mutable state is touched only on `queue`, hence `@unchecked Sendable`.
///
/// Flow: readable → bytes into the parser → each complete request runs the handler
/// (synchronously, on `queue`) → the response is queued → written with one
/// `sendmsg` (head and body as an iovec list) when the socket is writable. Responses
/// to pipelined requests are queued in order. When more than `highWater` bytes are
/// queued, parsing and reading pause until the client has taken them.
final class Connection: @unchecked Sendable {
    let id: Int
    let fd: Int32
    let queue: DispatchQueue
    let remoteAddress: String
    /// The peer's address without its port: what the per-client connection cap counts.
    let remoteHost: String
    private let core: ServerCore
    private let transport: Transport
    private let configuration: HTTPServerConfiguration

    private var readSource: WatchedSource?
    /// Made on the first write that would block.
    private var writeSource: WatchedSource?
    private var timer: DispatchSourceTimer?
    /// Why queued output is not being written now.
    private var writeWait = WriteWait.none
    /// A TLS read needs the socket writable before it can go on.
    private var readWaitsForWritable = false

    private var parser: RequestParser
    private var output = OutputQueue()
    private var stream: StreamState?
    /// The request/response phase and every rule deciding between parsing, answering,
    /// lingering and closing; this class executes the actions it returns.
    private var machine: ConnectionStateMachine<ContinuousClock>
    private var lingerDiscarded = 0
    private var lingering: Bool { machine.isLingering }
    private var closed: Bool { machine.isClosed }
    private var pendingCancels = 0
    /// The request whose response is being computed on a work pool (see `DeferredWork`);
    /// no further request is parsed meanwhile, but the socket is watched for the client leaving.
    private var inFlight: InFlight?
    /// Bytes of the current request's body reserved in the server's `BodyBudget`.
    private var bodyReserved = 0
    /// Bytes read while a chunked body arrives (its reservation grows with them); nil otherwise.
    private var chunkedBodyRead: Int?
    /// How the core counts this connection near the cap (a new one is silent).
    private var reportedSlot = ConnectionSlotKind.silent

    /// A streamed body being sent: chunked, with a known length, or ended by the close.
    private struct StreamState {
        var next: HTTPResponse.BodyStream
        var chunked: Bool
        var knownLength: Bool
    }

    /// What a write that could not finish waits for. TLS may need to read (a
    /// renegotiation, a post-handshake message) before it can write again.
    private enum WriteWait {
        case none
        case writable
        case readable
    }

    private struct InFlight {
        var flag: CancellationFlag
        var head: HTTPRequestHead
        var requestID: String
        var path: String
        /// When the work's deadline passes (`DeferredWork.timeout`); nil: none. Kept by
        /// the connection's one timer, not a timer of its own per request.
        var deadline: ContinuousClock.Instant?
        var timedOut: @Sendable () -> HTTPResponse
    }

    /// When the current request's first byte arrived (the access log's duration).
    private var messageStart: DispatchTime
    /// When the timer will fire; nil when it is not armed.
    private var scheduledDeadline: ContinuousClock.Instant?

    /// Queued response bytes above which no further requests are parsed.
    static let highWater = 256 * 1024
    /// Queued bytes below which a streamed body is asked for more.
    static let streamLowWater = 64 * 1024
    /// Unread bytes drained during a lingering close before giving up.
    static let maxLingerBytes = 1 << 20
    /// Bytes read ahead (pipelined requests) while a deferred response is computed.
    static let maxReadAhead = 64 * 1024

    init(
        id: Int, fd: Int32, remoteAddress: String, remoteHost: String, transport: Transport, core: ServerCore,
        target: DispatchQueue
    ) {
        self.id = id
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.remoteHost = remoteHost
        self.transport = transport
        self.core = core
        self.configuration = core.configuration
        self.queue = DispatchQueue(label: "animatic.http.connection", target: target)
        self.parser = RequestParser(limits: core.configuration.parserLimits)
        messageStart = .now()
        let logger = core.logger
        let remote = remoteAddress
        machine = ConnectionStateMachine(
            now: .now, timeouts: ConnectionTimeouts(core.configuration),
            illegalTransition: { message in
                // Logged (and closed by the machine) in a release build; a bug to fix in a debug one.
                logger.error(
                    "illegal connection transition", metadata: ["remote": "\(remote)", "detail": "\(message)"])
                assertionFailure(message)
            })
    }

    func start() {
        queue.async { [self] in
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [self] in handleReadable() }
            source.setCancelHandler { [self] in cancelled() }
            readSource = WatchedSource(source)
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.setEventHandler { [self] in timerFired() }
            self.timer = timer
            timer.schedule(deadline: .distantFuture)
            timer.resume()
            readSource?.watch()
            updateTimer()
        }
    }

    /// Server shutdown: an idle connection closes now; one with a request in flight
    /// finishes it and closes after its response.
    func beginDrain() {
        queue.async { [self] in execute(machine.drainBegan()) }
    }

    /// Grace period over: close whatever state the connection is in, cancelling its work;
    /// a request still waiting for its response is answered 503 first.
    func forceClose() {
        queue.async { [self] in execute(machine.shutdownGraceEnded(), reason: .shutdown) }
    }

    /// The body budget gave this connection's reservation to a larger need: a body still
    /// arriving is answered 503 and the connection closes.
    func shedBody() {
        queue.async { [self] in
            guard !closed else { return }
            bodyReserved = 0
            execute(machine.bodyBudgetExceeded())
            pump()
        }
    }

    /// Near the connection cap, or past its address's share of silent connections: close
    /// if the rule still applies (an idle keep-alive connection, or a silent one); tells
    /// the core when it no longer does.
    ///
    /// The connection is judged on what its client has sent, not on what this server has
    /// had time to read: what waits in the socket is read first. Under load a new
    /// connection's request can sit there unread while the connection still counts as
    /// silent; closing it would drop that request, and its client's reconnect — silent in
    /// turn — would close the next one (docs/BENCHMARKS.md, "Overload"). Half a header
    /// read keeps a connection silent.
    func evict(_ rule: ConnectionEviction) {
        queue.async { [self] in
            if !closed, readSource?.isWatching == true { handleReadable() }
            let action = machine.evict(rule)
            if action == .none, !closed { core.evictionDeclined(id) }
            execute(action)
        }
    }

    // MARK: - Reading

    private func handleReadable() {
        guard !closed else { return }
        if writeWait == .readable { writeWait = .none }
        readLoop: while !closed {
            if lingering {
                if !discardInput() { break readLoop }
                continue
            }
            guard wantsToRead else { break }
            let result = withUnsafeTemporaryAllocation(byteCount: 16384, alignment: 1) {
                buffer -> TransportReadResult in
                let result = transport.read(into: buffer)
                if case .bytes(let n) = result {
                    let wasIdle = parser.isIdle
                    parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                    if wasIdle {
                        messageStart = .now()
                        execute(machine.requestBytesArrived(now: .now))
                    }
                    if let read = chunkedBodyRead {
                        chunkedBodyRead = read + n
                        if read + n > bodyReserved { _ = reserveBody(read + n) }
                    }
                }
                return result
            }
            switch result {
            case .bytes:
                pump()
            case .wouldBlock:
                break readLoop
            case .wantsWrite:
                readWaitsForWritable = true
                armWrite()
                break readLoop
            case .closed:
                // A client that half-closes after a complete request still gets its
                // responses; one that leaves mid-request is simply closed.
                execute(machine.peerSentFIN(inputPending: !parser.isIdle))
                break readLoop
            case .failed(let reason):
                core.logger.debug(
                    "connection read failed", metadata: ["remote": "\(remoteAddress)", "reason": "\(reason)"])
                closeNow()
                break readLoop
            }
        }
        pump()
    }

    /// Lingering close: reads and drops what the client still sends. Returns false
    /// when there is nothing more to read right now.
    private func discardInput() -> Bool {
        let result = withUnsafeTemporaryAllocation(byteCount: 16384, alignment: 1) { transport.read(into: $0) }
        switch result {
        case .bytes(let n):
            lingerDiscarded += n
            if lingerDiscarded > Self.maxLingerBytes { closeNow(); return false }
            return true
        case .wouldBlock, .wantsWrite:
            return false
        case .closed, .failed:
            closeNow()
            return false
        }
    }

    /// Whether more requests may be parsed now.
    private var canParse: Bool { machine.mayParse(outputBelowHighWater: output.count < Self.highWater) }

    private var wantsToRead: Bool {
        if !closed, writeWait == .readable { return true }
        return machine.wantsToRead(
            outputBelowHighWater: output.count < Self.highWater,
            roomToReadAhead: parser.bufferedByteCount < Self.maxReadAhead)
    }

    // MARK: - The pump

    /// Parses what can be parsed, runs handlers, pulls streamed bodies, writes what can
    /// be written; then arms the sources and timer for what is left.
    private func pump() {
        while !closed {
            var progressed = false
            if canParse, processInput() { progressed = true }
            if closed { return }
            if let current = stream, output.count < Self.streamLowWater {
                pullStream(current)
                progressed = true
            }
            if !output.isEmpty, writeWait == .none {
                // A silent connection that now has a response tells the core before the
                // client can see it, so the core never evicts it at the cap as silent.
                if reportedSlot == .silent { reportSlot() }
                switch transport.write(output) {
                case .wrote(let n):
                    output.consume(n)
                    execute(machine.wrote(outputEmpty: output.isEmpty, now: .now))
                    progressed = true
                case .wouldBlock:
                    writeWait = .writable
                    armWrite()
                case .wantsRead:
                    writeWait = .readable
                case .failed(let reason):
                    core.logger.debug(
                        "connection write failed", metadata: ["remote": "\(remoteAddress)", "reason": "\(reason)"])
                    closeNow()
                    return
                }
            }
            if !progressed { break }
        }
        if closed { return }
        if output.isEmpty, stream == nil {
            if !readWaitsForWritable { writeSource?.pause() }
            execute(machine.outputFlushed(now: .now))
            if closed { return }
        }
        reportSlot()
        updateReading()
        updateTimer()
    }

    /// Tells the core when this connection becomes or stops being an idle keep-alive or
    /// a silent one, so those can be closed first near the connection cap.
    private func reportSlot() {
        let kind = machine.slotKind
        guard kind != reportedSlot else { return }
        reportedSlot = kind
        core.connection(id, remoteHost: remoteHost, slot: kind)
    }

    /// Runs the parser over buffered bytes; returns whether anything happened.
    private func processInput() -> Bool {
        var progressed = false
        while canParse {
            let event: RequestParser.Event?
            do {
                event = try parser.next()
            } catch {
                respondToParseError(error)
                return true
            }
            guard let event else { break }
            progressed = true
            switch event {
            case .head(let head):
                if head.hasUnsupportedExpectation {
                    // RFC 9110 §10.1.1: an expectation we cannot meet → 417.
                    respondWithError(status: .expectationFailed, head: head, reason: "unsupported expectation")
                    return true
                }
                execute(machine.headReceived(hasBody: head.hasBody, now: .now))
                switch head.framing {
                case .length(let declared):
                    // Reserved before any of the body is read (and before 100 Continue).
                    guard reserveBody(declared) else { return true }
                case .chunked:
                    // What arrived with the head counts too; later reads add theirs.
                    let arrived = parser.bufferedByteCount
                    chunkedBodyRead = arrived
                    if arrived > 0 { guard reserveBody(arrived) else { return true } }
                case .none:
                    break
                }
                if head.hasBody {
                    // RFC 9110 §10.1.1: send 100 Continue unless some body already came.
                    if head.expectsContinue, head.version == .http1_1, parser.bufferedByteCount == 0 {
                        output.append(ResponseSerializer.continueHead)
                        execute(machine.interimResponseQueued(now: .now))
                    }
                }
            case .message(let head, let body, let trailers):
                chunkedBodyRead = nil
                if bodyReserved > 0 { core.bodyBudget.bodyReceived(id) }
                respond(to: head, body: body, trailers: trailers)
                if !parser.isIdle { messageStart = .now() }
            }
            if closed { return true }
        }
        return progressed
    }

    /// Raises this request's reservation in the body budget to `bytes`; a refusal queues
    /// the 503. Connections shed to make room are told. Returns whether it was granted.
    private func reserveBody(_ bytes: Int) -> Bool {
        switch core.bodyBudget.reserve(id, bytes: bytes) {
        case .granted(let shed):
            bodyReserved = bytes
            if !shed.isEmpty { core.shedBodies(shed) }
            return true
        case .refused:
            execute(machine.bodyBudgetExceeded())
            return false
        }
    }

    /// The request is answered (or the connection closes): its body's bytes are free.
    private func releaseBody() {
        guard bodyReserved > 0 else { return }
        bodyReserved = 0
        core.bodyBudget.release(id)
    }

    private func respond(to head: HTTPRequestHead, body: [UInt8], trailers: HTTPHeaders) {
        let requestID = core.requestIDs.next(for: head.headers)
        let request = HTTPRequest(
            method: head.method, target: head.target, version: head.version,
            headers: head.headers, body: body, trailers: trailers,
            remoteAddress: remoteAddress, requestID: requestID, isSecure: transport.isSecure)
        let response = core.handler(request)
        if let deferred = response.deferred {
            startDeferred(deferred, head: head, requestID: requestID, path: request.path)
            return
        }
        send(response, head: head, requestID: requestID, path: request.path)
    }

    private func send(_ response: HTTPResponse, head: HTTPRequestHead, requestID: String, path: String) {
        releaseBody()
        let keepAlive = head.keepAlive && !machine.draining && !core.isDraining
        let prepared = core.serializer.prepare(
            response, method: head.method, version: head.version,
            requestHeaders: head.headers, requestID: requestID, keepAlive: keepAlive)
        enqueue(prepared)
        logAccess(
            method: head.method.rawValue, path: path, status: prepared.status,
            bytes: prepared.stream == nil ? prepared.body.count : nil, requestID: requestID)
    }

    // MARK: - Deferred work

    /// Hands the work to its pool; the response comes back through `finishDeferred`.
    private func startDeferred(_ deferred: DeferredWork, head: HTTPRequestHead, requestID: String, path: String) {
        let flag = CancellationFlag()
        let job = WorkPool.Job(flag: flag) { [self] in
            let response = deferred.work(flag)
            queue.async { [self] in finishDeferred(flag, response) }
        }
        guard deferred.pool.submit(job) else {
            send(deferred.overloaded(), head: head, requestID: requestID, path: path)
            return
        }
        inFlight = InFlight(
            flag: flag, head: head, requestID: requestID, path: path,
            deadline: deferred.timeout.map { ContinuousClock.now + $0 }, timedOut: deferred.timedOut)
        execute(machine.workStarted())
    }

    /// The work in flight has passed its deadline: cancel it and answer `timedOut()`.
    private func workDeadlinePassed(_ current: InFlight) {
        current.flag.raise(.deadline)
        core.logger.warning(
            "render deadline passed, cancelled",
            metadata: ["request_id": "\(current.requestID)", "path": "\(current.path)"])
        finishDeferred(current.flag, current.timedOut())
    }

    private func finishDeferred(_ flag: CancellationFlag, _ response: HTTPResponse) {
        guard let current = inFlight, current.flag === flag, !closed else { return }
        inFlight = nil
        send(response, head: current.head, requestID: current.requestID, path: current.path)
        if !parser.isIdle { messageStart = .now() }
        pump()
    }

    private func respondToParseError(_ error: HTTPParseError) {
        let head = parser.currentHead
        core.logger.debug("bad request", metadata: ["remote": "\(remoteAddress)", "error": "\(error)"])
        respondWithError(status: error.status, head: head, reason: error.description)
    }

    /// Answers with a short error and closes after it; `retryAfter`: says when to try again.
    private func respondWithError(
        status: HTTPStatus, head: HTTPRequestHead?, reason: String, retryAfter: Bool = false
    ) {
        releaseBody()
        chunkedBodyRead = nil
        let requestID = core.requestIDs.next(for: head?.headers ?? HTTPHeaders())
        var response =
            core.configuration.errorResponder?(status, reason)
            ?? HTTPResponse(status: status, text: "\(status.code) \(status.reasonPhrase): \(reason)\n")
        response.headers.set("Connection", "close")
        if retryAfter { response.headers.set("Retry-After", "1") }
        let prepared = core.serializer.prepare(
            response, method: head?.method, version: .http1_1,
            requestHeaders: HTTPHeaders(), requestID: requestID, keepAlive: false)
        enqueue(prepared, forceClose: true)
        let path = head.map { HTTPRequest.split(target: $0.target, method: $0.method).path } ?? "-"
        logAccess(
            method: head?.method.rawValue ?? "-", path: path, status: status, bytes: prepared.body.count,
            requestID: requestID)
    }

    /// Queues a response; `forceClose`: it is the last one whatever its framing says.
    private func enqueue(_ prepared: PreparedResponse, forceClose: Bool = false) {
        if prepared.body.count <= 4096 {
            // Small bodies ride in the head's buffer: one iovec, one segment.
            var bytes = prepared.head
            bytes.append(contentsOf: prepared.body)
            output.append(bytes)
        } else {
            output.append(prepared.head)
            output.append(prepared.body)
        }
        if let next = prepared.stream {
            stream = StreamState(next: next, chunked: prepared.chunked, knownLength: prepared.knownLength)
        }
        execute(
            machine.responseQueued(
                streamed: prepared.stream != nil, keepAlive: prepared.keepAlive && !forceClose,
                moreInput: !parser.isIdle, now: .now))
    }

    private func pullStream(_ current: StreamState) {
        var emptyPieces = 0
        while output.count < Self.streamLowWater {
            guard let piece = current.next() else {
                if current.chunked { output.append(ResponseSerializer.lastChunk) }
                stream = nil
                execute(
                    machine.streamEnded(
                        closeDelimited: !current.chunked && !current.knownLength, outputEmpty: output.isEmpty,
                        now: .now))
                return
            }
            if piece.isEmpty {
                emptyPieces += 1
                if emptyPieces > 16 { return }
                continue
            }
            output.append(current.chunked ? ResponseSerializer.chunk(piece) : piece)
        }
    }

    private func logAccess(method: String, path: String, status: HTTPStatus, bytes: Int?, requestID: String) {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - messageStart.uptimeNanoseconds) / 1e6
        let duration = (elapsed * 1000).rounded() / 1000
        core.logger.info(
            "\(method) \(path) \(status)",
            metadata: [
                "method": "\(method)",
                "path": "\(path)",
                "status": "\(status)",
                "bytes": bytes.map { "\($0)" } ?? "stream",
                "duration_ms": "\(duration)",
                "request_id": "\(requestID)",
                "remote": "\(remoteAddress)",
            ])
    }

    // MARK: - Closing

    /// Does what the state machine decided.
    private func execute(
        _ action: ConnectionStateMachine<ContinuousClock>.Action, reason: CancellationFlag.Reason = .clientGone
    ) {
        switch action {
        case .none, .reschedule:
            break
        case .answerRequestTimeout:
            // RFC 9110 §15.5.9: 408 when the request did not arrive in time, then close.
            core.logger.debug("request timeout", metadata: ["remote": "\(remoteAddress)", "state": "\(machine.state)"])
            respondWithError(status: .requestTimeout, head: parser.currentHead, reason: "request not received in time")
        case .answerBodyBudgetExceeded:
            core.logger.warning(
                "request body budget full, answering 503",
                metadata: ["remote": "\(remoteAddress)", "budget": "\(core.bodyBudget.limit)"])
            respondWithError(
                status: .serviceUnavailable, head: parser.currentHead,
                reason: "request bodies held by the server are over its budget", retryAfter: true)
        case .startLinger:
            // After the last response: send FIN (and TLS close_notify), then read and drop
            // what the client still sends for a moment, so a client that pipelined more
            // requests reads our response instead of a TCP reset (RFC 9112 §9.6).
            transport.shutdownWrite()
        case .answerShutdownAndClose:
            answerShutdown()
            tearDown(reason: reason)
        case .close:
            tearDown(reason: reason)
        }
    }

    /// The shutdown grace is over while a complete request still waits for its response:
    /// a 503 with `Retry-After` (built like the protocol errors), written if the socket
    /// takes it now, then FIN; the connection closes right after, whatever the client does.
    private func answerShutdown() {
        guard let current = inFlight else { return }
        var response =
            core.configuration.errorResponder?(.serviceUnavailable, "shutting down")
            ?? HTTPResponse(status: .serviceUnavailable, text: "503 Service Unavailable: shutting down\n")
        response.headers.set("Retry-After", "1")
        response.headers.set("Connection", "close")
        let prepared = core.serializer.prepare(
            response, method: current.head.method, version: current.head.version,
            requestHeaders: current.head.headers, requestID: current.requestID, keepAlive: false)
        output.append(prepared.head + prepared.body)
        while !output.isEmpty, case .wrote(let n) = transport.write(output), n > 0 { output.consume(n) }
        transport.shutdownWrite()
        if !transport.isSecure { Socket.discardPending(fd) }
        logAccess(
            method: current.head.method.rawValue, path: current.path, status: .serviceUnavailable,
            bytes: prepared.body.count, requestID: current.requestID)
    }

    private func closeNow(reason: CancellationFlag.Reason = .clientGone) {
        execute(machine.close(), reason: reason)
    }

    /// Cancels the work in flight and the sources; the descriptor is closed once both
    /// sources are cancelled (`finishClose`).
    private func tearDown(reason: CancellationFlag.Reason) {
        releaseBody()
        if let inFlight {
            inFlight.flag.raise(reason)
            core.logger.info(
                "client gone, work cancelled",
                metadata: [
                    "request_id": "\(inFlight.requestID)",
                    "path": "\(inFlight.path)", "reason": "\(reason)",
                ])
        }
        inFlight = nil
        timer?.cancel()
        pendingCancels = 0
        if readSource != nil {
            pendingCancels += 1
            readSource?.cancel()
        }
        if writeSource != nil {
            pendingCancels += 1
            writeSource?.cancel()
        }
        if pendingCancels == 0 { finishClose() }
    }

    private func cancelled() {
        pendingCancels -= 1
        if pendingCancels == 0 { finishClose() }
    }

    /// Both sources are cancelled, so the descriptor is no longer watched: close it.
    private func finishClose() {
        transport.free()
        Glibc.close(fd)
        readSource = nil
        writeSource = nil
        timer = nil
        stream = nil
        core.connectionClosed(id, remoteHost: remoteHost)
    }

    // MARK: - Sources

    private func armWrite() {
        if writeSource == nil {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [self] in handleWritable() }
            source.setCancelHandler { [self] in cancelled() }
            writeSource = WatchedSource(source)
        }
        writeSource?.watch()
    }

    private func handleWritable() {
        guard !closed else { return }
        if writeWait == .writable { writeWait = .none }
        if readWaitsForWritable {
            readWaitsForWritable = false
            handleReadable()
            return
        }
        pump()
    }

    private func updateReading() {
        guard let watching = readSource?.isWatching, !closed else { return }
        if wantsToRead {
            if !watching {
                readSource?.watch()
                // TLS may hold decrypted bytes the socket will not signal again.
                if transport.isSecure { queue.async { [self] in handleReadable() } }
            }
        } else {
            readSource?.pause()
        }
    }

    // MARK: - Timeouts

    /// The earliest of the phase's deadline and the work's.
    private var nextDeadline: ContinuousClock.Instant? {
        switch (machine.deadline, inFlight?.deadline) {
        case (let phase?, let work?): min(phase, work)
        case (let phase, nil): phase
        case (nil, let work): work
        }
    }

    /// Arms the timer for the next deadline only when it is earlier than the one armed.
    /// A later or no deadline leaves the timer as it is: it fires early, finds nothing due
    /// and is armed again then (`timerFired`). Each request moves the deadline (header,
    /// work, idle) and re-arming a Dispatch timer wakes Dispatch's timer thread, so this
    /// keeps a busy keep-alive connection at about one re-arm per header timeout instead of
    /// three per request.
    private func updateTimer() {
        guard let timer, let deadline = nextDeadline else { return }
        if let scheduled = scheduledDeadline, scheduled <= deadline { return }
        scheduledDeadline = deadline
        let delay = max(ContinuousClock.now.duration(to: deadline), .zero)
        timer.schedule(deadline: .now() + delay.dispatchInterval, leeway: .milliseconds(10))
    }

    private func timerFired() {
        // One-shot: nothing is armed any more.
        scheduledDeadline = nil
        guard !closed else { return }
        if let current = inFlight, let deadline = current.deadline, ContinuousClock.now >= deadline {
            workDeadlinePassed(current)
            return
        }
        let action = machine.timerFired(now: .now)
        if action == .reschedule || action == .none {
            updateTimer()
            return
        }
        execute(action)
        if action == .answerRequestTimeout { pump() }
    }
}

extension Duration {
    var dispatchInterval: DispatchTimeInterval { .nanoseconds(nanoseconds) }
}
