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
    private var lifecycle = ConnectionLifecycle()
    private var lingerDiscarded = 0
    private var closeAfterFlush: Bool { lifecycle.isFinishing }
    private var lingering: Bool { lifecycle.isLingering }
    private var peerClosed: Bool { lifecycle.peerClosed }
    private var closed: Bool { lifecycle.isClosed }
    private var draining: Bool { lifecycle.draining }
    private var pendingCancels = 0
    /// The request whose response is being computed on a work pool (see `DeferredWork`);
    /// no further request is parsed meanwhile, but the socket is watched for the client leaving.
    private var inFlight: InFlight?
    /// Whether the core counts this connection as an idle keep-alive one.
    private var reportedIdle = false

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
    }

    private let connectedAt: DispatchTime
    private var messageStart: DispatchTime
    private var bodyStart: DispatchTime
    private var idleSince: DispatchTime
    private var lastWriteProgress: DispatchTime
    private var lingerStart: DispatchTime
    private var requestsServed = 0
    private var scheduledDeadline: DispatchTime?

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
        let now = DispatchTime.now()
        connectedAt = now
        messageStart = now
        bodyStart = now
        idleSince = now
        lastWriteProgress = now
        lingerStart = now
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
        queue.async { [self] in
            guard !closed else { return }
            lifecycle.beginDrain()
            if parser.isIdle, output.isEmpty, stream == nil, !closeAfterFlush, inFlight == nil {
                closeNow()
            }
        }
    }

    /// Grace period over: close whatever state the connection is in, cancelling its work.
    func forceClose() {
        queue.async { [self] in closeNow(reason: .shutdown) }
    }

    /// Near the connection cap: close if still an idle keep-alive connection.
    func closeIfIdle() {
        queue.async { [self] in
            guard !closed, isIdleKeepAlive else { return }
            closeNow()
        }
    }

    /// Between requests with nothing to send and nothing in progress.
    private var isIdleKeepAlive: Bool {
        !closed && requestsServed > 0 && parser.isIdle && output.isEmpty && stream == nil && inFlight == nil
            && !closeAfterFlush && !lingering
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
                    if wasIdle { messageStart = .now() }
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
                lifecycle.peerSentFIN()
                // A client that half-closes after a complete request still gets its
                // responses; one that leaves mid-request is simply closed.
                if !parser.isIdle || (output.isEmpty && stream == nil) { closeNow() }
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
    private var canParse: Bool {
        !closed && !closeAfterFlush && !lingering && stream == nil && inFlight == nil && output.count < Self.highWater
    }

    private var wantsToRead: Bool {
        if closed { return false }
        if lingering || writeWait == .readable { return true }
        // While a deferred response is computed, keep reading (a little) so the
        // client's leaving is seen at once.
        if inFlight != nil { return !peerClosed && parser.bufferedByteCount < Self.maxReadAhead }
        return canParse && !peerClosed
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
                switch transport.write(output) {
                case .wrote(let n):
                    output.consume(n)
                    lastWriteProgress = .now()
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
            if closeAfterFlush, !lingering {
                startLinger()
                if closed { return }
            } else if peerClosed, !lingering, parser.isIdle {
                closeNow()
                return
            } else if draining, parser.isIdle, !lingering, inFlight == nil {
                closeNow()
                return
            }
        }
        reportIdleness()
        updateReading()
        updateTimer()
    }

    /// Tells the core when this connection becomes or stops being an idle keep-alive
    /// one, so the oldest idle connections can be closed near the connection cap.
    private func reportIdleness() {
        let idle = isIdleKeepAlive
        guard idle != reportedIdle else { return }
        reportedIdle = idle
        core.connection(id, isIdle: idle)
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
                if head.hasBody {
                    bodyStart = .now()
                    // RFC 9110 §10.1.1: send 100 Continue unless some body already came.
                    if head.expectsContinue, head.version == .http1_1, parser.bufferedByteCount == 0 {
                        output.append(ResponseSerializer.continueHead)
                    }
                }
            case .message(let head, let body, let trailers):
                respond(to: head, body: body, trailers: trailers)
                if parser.isIdle { idleSince = .now() } else { messageStart = .now() }
            }
        }
        return progressed
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
        let keepAlive = head.keepAlive && !draining && !core.isDraining
        let prepared = core.serializer.prepare(
            response, method: head.method, version: head.version,
            requestHeaders: head.headers, requestID: requestID, keepAlive: keepAlive)
        enqueue(prepared)
        requestsServed += 1
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
        inFlight = InFlight(flag: flag, head: head, requestID: requestID, path: path)
        if let timeout = deferred.timeout {
            queue.asyncAfter(deadline: .now() + timeout.dispatchInterval) { [self] in
                guard let current = inFlight, current.flag === flag, !closed else { return }
                flag.raise(.deadline)
                core.logger.warning(
                    "render deadline passed, cancelled",
                    metadata: ["request_id": "\(requestID)", "path": "\(path)"])
                finishDeferred(flag, deferred.timedOut())
            }
        }
    }

    private func finishDeferred(_ flag: CancellationFlag, _ response: HTTPResponse) {
        guard let current = inFlight, current.flag === flag, !closed else { return }
        inFlight = nil
        send(response, head: current.head, requestID: current.requestID, path: current.path)
        if parser.isIdle { idleSince = .now() } else { messageStart = .now() }
        pump()
    }

    private func respondToParseError(_ error: HTTPParseError) {
        let head = parser.currentHead
        core.logger.debug("bad request", metadata: ["remote": "\(remoteAddress)", "error": "\(error)"])
        respondWithError(status: error.status, head: head, reason: error.description)
    }

    /// Answers with a short error and closes after it.
    private func respondWithError(status: HTTPStatus, head: HTTPRequestHead?, reason: String) {
        let requestID = core.requestIDs.next(for: head?.headers ?? HTTPHeaders())
        var response =
            core.configuration.errorResponder?(status, reason)
            ?? HTTPResponse(status: status, text: "\(status.code) \(status.reasonPhrase): \(reason)\n")
        response.headers.set("Connection", "close")
        let prepared = core.serializer.prepare(
            response, method: head?.method, version: .http1_1,
            requestHeaders: HTTPHeaders(), requestID: requestID, keepAlive: false)
        enqueue(prepared)
        lifecycle.closeAfterFlush()
        let path = head.map { HTTPRequest.split(target: $0.target, method: $0.method).path } ?? "-"
        logAccess(
            method: head?.method.rawValue ?? "-", path: path, status: status, bytes: prepared.body.count,
            requestID: requestID)
    }

    private func enqueue(_ prepared: PreparedResponse) {
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
        if !prepared.keepAlive { lifecycle.closeAfterFlush() }
    }

    private func pullStream(_ current: StreamState) {
        var emptyPieces = 0
        while output.count < Self.streamLowWater {
            guard let piece = current.next() else {
                if current.chunked {
                    output.append(ResponseSerializer.lastChunk)
                } else if !current.knownLength {
                    lifecycle.closeAfterFlush()
                }
                stream = nil
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

    /// After the last response: send FIN (and TLS close_notify), then read and drop
    /// what the client still sends for a moment, so a client that pipelined more
    /// requests reads our response instead of a TCP reset (RFC 9112 §9.6).
    private func startLinger() {
        lifecycle.startLinger()
        lingerStart = .now()
        transport.shutdownWrite()
        if peerClosed { closeNow() }
    }

    private func closeNow(reason: CancellationFlag.Reason = .clientGone) {
        guard lifecycle.close() else { return }
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

    private enum Phase {
        /// New connection (or TLS handshake) with no request yet: header timeout, quiet close.
        case awaitingFirstRequest
        /// Keep-alive between requests: idle timeout, quiet close.
        case idle
        /// Header section in progress: header timeout, 408.
        case head
        /// Body in progress: body timeout, 408.
        case body
        /// Response stuck in the client's socket: write timeout, abortive close.
        case writing
        /// Draining after the last response.
        case linger
        /// A deferred response is being computed: its own deadline applies.
        case working
    }

    private func currentPhase() -> (Phase, DispatchTime)? {
        if closed { return nil }
        if lingering { return (.linger, lingerStart + configuration.lingerTimeout.dispatchInterval) }
        if inFlight != nil, output.isEmpty, stream == nil { return (.working, .distantFuture) }
        if !output.isEmpty || stream != nil || closeAfterFlush {
            return (.writing, lastWriteProgress + configuration.writeTimeout.dispatchInterval)
        }
        if parser.isReadingBody { return (.body, bodyStart + configuration.bodyTimeout.dispatchInterval) }
        if !parser.isIdle { return (.head, messageStart + configuration.headerTimeout.dispatchInterval) }
        if requestsServed == 0 {
            return (.awaitingFirstRequest, connectedAt + configuration.headerTimeout.dispatchInterval)
        }
        return (.idle, idleSince + configuration.idleTimeout.dispatchInterval)
    }

    private func updateTimer() {
        guard let timer else { return }
        let deadline = currentPhase()?.1 ?? .distantFuture
        if deadline != scheduledDeadline {
            scheduledDeadline = deadline
            timer.schedule(deadline: deadline, leeway: .milliseconds(10))
        }
    }

    private func timerFired() {
        guard let (phase, deadline) = currentPhase() else { return }
        if DispatchTime.now() < deadline {
            scheduledDeadline = nil
            updateTimer()
            return
        }
        switch phase {
        case .head, .body:
            // RFC 9110 §15.5.9: 408 when the request did not arrive in time, then close.
            core.logger.debug("request timeout", metadata: ["remote": "\(remoteAddress)", "phase": "\(phase)"])
            respondWithError(status: .requestTimeout, head: parser.currentHead, reason: "request not received in time")
            pump()
        case .working:
            break
        case .awaitingFirstRequest, .idle, .writing, .linger:
            closeNow()
        }
    }
}

extension Duration {
    var dispatchInterval: DispatchTimeInterval { .nanoseconds(nanoseconds) }
}
