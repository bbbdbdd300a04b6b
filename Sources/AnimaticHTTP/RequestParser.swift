import Glibc

/// An incremental HTTP/1.1 request parser (RFC 9112) that takes bytes as they arrive.
///
/// Feed bytes with `append(_:)`, then call `next()` until it returns `nil` (more bytes
/// needed). For each request it yields `.head` once the header section is complete —
/// so the server can answer `Expect: 100-continue` or switch to the body timeout — and
/// then `.message` with the whole body. A request split at any byte boundary yields the
/// same events. Bytes stay in one buffer; lines are found with `memchr` and fields are
/// decoded from slices of it, with no per-byte copying.
///
/// The parser is strict where leniency lets two parsers disagree on framing
/// (request smuggling): only CRLF ends a line, no obs-fold, no whitespace before the
/// colon, exactly one valid Content-Length, `chunked` only as the one transfer coding,
/// never both Content-Length and Transfer-Encoding. Any error is final: the parser
/// keeps throwing it, and the server answers and closes.
public struct RequestParser: Sendable {
    public struct Limits: Sendable, Hashable {
        /// Longest request line, excluding its CRLF (→ 414).
        public var maxRequestLineLength: Int
        /// Largest header section (all field lines and the final CRLF) (→ 431).
        public var maxHeaderBlockSize: Int
        /// Most header fields (→ 431). Trailers have the same two limits.
        public var maxHeaderCount: Int
        /// Largest body, declared or received (→ 413).
        public var maxBodySize: Int
        /// Larger (or smaller) body limits for these exact paths (the target without its
        /// query): an upload route may take more than a spec route.
        public var maxBodySizeByPath: [String: Int] = [:]

        /// The body limit of a request to `target`.
        public func maxBodySize(forTarget target: String) -> Int {
            guard !maxBodySizeByPath.isEmpty else { return maxBodySize }
            let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return maxBodySizeByPath[String(path)] ?? maxBodySize
        }

        public init(
            maxRequestLineLength: Int = 8192, maxHeaderBlockSize: Int = 16384,
            maxHeaderCount: Int = 100, maxBodySize: Int = 1 << 20, maxBodySizeByPath: [String: Int] = [:]
        ) {
            self.maxRequestLineLength = maxRequestLineLength
            self.maxHeaderBlockSize = maxHeaderBlockSize
            self.maxHeaderCount = maxHeaderCount
            self.maxBodySize = maxBodySize
            self.maxBodySizeByPath = maxBodySizeByPath
        }
    }

    public enum Event: Sendable {
        /// The request line and headers are complete; the body (if any) follows.
        case head(HTTPRequestHead)
        /// The whole request, body and trailers included.
        case message(HTTPRequestHead, body: [UInt8], trailers: HTTPHeaders)
    }

    private enum State: Sendable, Equatable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case complete
    }

    /// Longest chunk-size line with its extensions.
    static let maxChunkLineLength = 4096
    /// How many empty lines before a request line are ignored (RFC 9112 §2.2 SHOULD
    /// ignore at least one).
    static let maxLeadingEmptyLines = 8

    public let limits: Limits
    private var buffer: [UInt8] = []
    /// First byte not yet consumed.
    private var readIndex = 0
    /// Start of the line being looked for.
    private var lineStart = 0
    /// Where the search for the next LF resumes.
    private var scanIndex = 0
    /// Start of the header (or trailer) section, for its size limit.
    private var blockStart = 0
    private var state: State = .head
    private var leadingEmptyLines = 0

    private var requestLine: (method: HTTPMethod, target: String, version: HTTPVersion)?
    private var headers = HTTPHeaders()
    private var trailers = HTTPHeaders()
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// The body limit of the request being read (`Limits.maxBodySize(forTarget:)`).
    private var bodyLimit = 0
    private var failure: HTTPParseError?

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Appends received bytes.
    public mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        compactIfUseful()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compactIfUseful()
        buffer.append(contentsOf: bytes)
    }

    /// No bytes of a next request have arrived and none is in progress.
    public var isIdle: Bool { state == .head && requestLine == nil && readIndex == buffer.count }

    /// The header section is complete and the body is being read.
    public var isReadingBody: Bool {
        switch state {
        case .head, .complete: false
        default: true
        }
    }

    /// Bytes received but not yet consumed.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// The head of the request in progress, once its header section is complete.
    public var currentHead: HTTPRequestHead? { head }

    /// The next event, or `nil` when more bytes are needed.
    public mutating func next() throws(HTTPParseError) -> Event? {
        if let failure { throw failure }
        do {
            return try step()
        } catch {
            failure = error
            throw error
        }
    }

    // MARK: - States

    private mutating func step() throws(HTTPParseError) -> Event? {
        while true {
            switch state {
            case .head:
                guard let head = try parseHead() else { return nil }
                self.head = head
                readIndex = lineStart
                switch head.framing {
                case .none: state = .complete
                case .length(let n):
                    body.reserveCapacity(n)
                    state = .fixedBody(remaining: n)
                case .chunked: state = .chunkSize
                }
                return .head(head)

            case .complete:
                return finishMessage()

            case .fixedBody(let remaining):
                guard let left = consumeBody(remaining) else { return nil }
                if left == 0 {
                    state = .complete
                } else {
                    state = .fixedBody(remaining: left)
                    return nil
                }

            case .chunkSize:
                guard let line = try nextLine(limit: Self.maxChunkLineLength, error: .invalidChunk) else { return nil }
                readIndex = lineStart
                let size = try parseChunkSize(line)
                if size == 0 {
                    state = .trailers
                    blockStart = readIndex
                } else {
                    guard size <= bodyLimit - body.count else { throw .bodyTooLarge }
                    state = .chunkData(remaining: size)
                }

            case .chunkData(let remaining):
                guard let left = consumeBody(remaining) else { return nil }
                if left == 0 {
                    state = .chunkDataEnd
                } else {
                    state = .chunkData(remaining: left)
                    return nil
                }

            case .chunkDataEnd:
                // chunk-data is followed by exactly CRLF (RFC 9112 §7.1).
                let available = buffer.count - readIndex
                guard available > 0 else { return nil }
                guard buffer[readIndex] == 0x0D else { throw .invalidChunk }
                guard available > 1 else { return nil }
                guard buffer[readIndex + 1] == 0x0A else { throw .invalidChunk }
                readIndex += 2
                lineStart = readIndex
                scanIndex = readIndex
                state = .chunkSize

            case .trailers:
                let remainingBlock = limits.maxHeaderBlockSize - (lineStart - blockStart)
                guard let line = try nextLine(limit: max(remainingBlock, 0), error: .headersTooLarge) else {
                    return nil
                }
                readIndex = lineStart
                guard lineStart - blockStart <= limits.maxHeaderBlockSize else { throw .headersTooLarge }
                if line.isEmpty {
                    state = .complete
                } else {
                    guard trailers.count < limits.maxHeaderCount else { throw .headersTooLarge }
                    let field = try parseField(line)
                    trailers.add(field.name, field.value)
                }
            }
        }
    }

    /// Moves up to `remaining` buffered body bytes into `body`; returns how many are still
    /// to come, or nil when nothing is buffered yet.
    private mutating func consumeBody(_ remaining: Int) -> Int? {
        let available = buffer.count - readIndex
        guard available > 0 else { return nil }
        let take = min(available, remaining)
        body.append(contentsOf: buffer[readIndex..<(readIndex + take)])
        readIndex += take
        lineStart = readIndex
        scanIndex = readIndex
        return remaining - take
    }

    private mutating func finishMessage() -> Event? {
        guard let head else { return nil }
        let event = Event.message(head, body: body, trailers: trailers)
        self.head = nil
        body = []
        trailers = HTTPHeaders()
        headers = HTTPHeaders()
        requestLine = nil
        leadingEmptyLines = 0
        state = .head
        lineStart = readIndex
        scanIndex = readIndex
        blockStart = readIndex
        return event
    }

    // MARK: - Head

    private mutating func parseHead() throws(HTTPParseError) -> HTTPRequestHead? {
        while true {
            if requestLine == nil {
                guard let line = try nextLine(limit: limits.maxRequestLineLength, error: .requestLineTooLong) else {
                    return nil
                }
                if line.isEmpty {
                    // Empty lines before a request line are ignored (RFC 9112 §2.2).
                    leadingEmptyLines += 1
                    guard leadingEmptyLines <= Self.maxLeadingEmptyLines else { throw .invalidRequestLine }
                    readIndex = lineStart
                    continue
                }
                requestLine = try parseRequestLine(line)
                blockStart = lineStart
                continue
            }
            let remainingBlock = limits.maxHeaderBlockSize - (lineStart - blockStart)
            guard let line = try nextLine(limit: max(remainingBlock, 0), error: .headersTooLarge) else { return nil }
            guard lineStart - blockStart <= limits.maxHeaderBlockSize else { throw .headersTooLarge }
            if line.isEmpty {
                if let target = requestLine?.target { bodyLimit = limits.maxBodySize(forTarget: target) }
                return try makeHead()
            }
            guard headers.count < limits.maxHeaderCount else { throw .headersTooLarge }
            let field = try parseField(line)
            headers.add(field.name, field.value)
        }
    }

    /// Finds the next CRLF-terminated line starting at `lineStart` and returns its
    /// content (without CRLF), advancing `lineStart` past it; `nil` if it has not fully
    /// arrived. A line longer than `limit` throws `error` whether or not its end has
    /// arrived, so the outcome does not depend on how the bytes were split.
    private mutating func nextLine(limit: Int, error: HTTPParseError) throws(HTTPParseError) -> Range<Int>? {
        let end = buffer.count
        let lf: Int? = buffer.withUnsafeBufferPointer { p in
            guard scanIndex < end, let base = p.baseAddress else { return nil }
            guard let hit = memchr(base + scanIndex, 0x0A, end - scanIndex) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let lf else {
            scanIndex = end
            // Without its LF the line is at least end - lineStart bytes, less a CR.
            if end - lineStart > limit + 1 { throw error }
            return nil
        }
        // Checked before the line ending, as the no-LF branch above would have: a line
        // over the limit fails the same way however its bytes were split.
        if lf - lineStart > limit + 1 { throw error }
        // Only CRLF ends a line; a bare LF is rejected (RFC 9112 §2.2 allows either).
        guard lf > lineStart, buffer[lf - 1] == 0x0D else { throw .invalidLineEnding }
        let line = lineStart..<(lf - 1)
        if line.count > limit { throw error }
        lineStart = lf + 1
        scanIndex = lineStart
        return line
    }

    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3).
    private func parseRequestLine(_ line: Range<Int>) throws(HTTPParseError) -> (
        method: HTTPMethod, target: String, version: HTTPVersion
    ) {
        var i = line.lowerBound
        while i < line.upperBound, HTTPSyntax.isTokenChar(buffer[i]) { i += 1 }
        guard i > line.lowerBound, i < line.upperBound, buffer[i] == 0x20 else { throw .invalidRequestLine }
        let method = HTTPMethod(rawValue: String(decoding: buffer[line.lowerBound..<i], as: UTF8.self))
        i += 1
        let targetStart = i
        // request-target: visible ASCII only (RFC 3986 characters; no obs-text, no CTL).
        while i < line.upperBound, buffer[i] > 0x20, buffer[i] < 0x7F { i += 1 }
        guard i > targetStart, i < line.upperBound, buffer[i] == 0x20 else { throw .invalidRequestLine }
        let target = String(decoding: buffer[targetStart..<i], as: UTF8.self)
        i += 1
        // HTTP-version = "HTTP/" DIGIT "." DIGIT (RFC 9112 §2.3)
        guard line.upperBound - i == 8,
            buffer[i] == 0x48, buffer[i + 1] == 0x54, buffer[i + 2] == 0x54, buffer[i + 3] == 0x50,
            buffer[i + 4] == 0x2F, HTTPSyntax.isDigit(buffer[i + 5]), buffer[i + 6] == 0x2E,
            HTTPSyntax.isDigit(buffer[i + 7])
        else { throw .invalidRequestLine }
        let major = Int(buffer[i + 5] - 0x30), minor = Int(buffer[i + 7] - 0x30)
        guard major == 1 else { throw .unsupportedVersion }
        // A higher 1.x minor version is handled as 1.1 (RFC 9110 §2.5).
        return (method, target, HTTPVersion(major: 1, minor: min(minor, 1)))
    }

    /// field-line = field-name ":" OWS field-value OWS (RFC 9112 §5).
    private func parseField(_ line: Range<Int>) throws(HTTPParseError) -> (name: String, value: String) {
        let first = buffer[line.lowerBound]
        // A line starting with whitespace is obs-fold (RFC 9112 §5.2), or whitespace
        // between the start-line and the first field (§2.2): both rejected.
        if first == 0x20 || first == 0x09 { throw .obsoleteLineFolding }
        var i = line.lowerBound
        while i < line.upperBound, HTTPSyntax.isTokenChar(buffer[i]) { i += 1 }
        guard i > line.lowerBound, i < line.upperBound else { throw .invalidHeader }
        // No whitespace is allowed between the field name and colon (RFC 9112 §5.1).
        guard buffer[i] == 0x3A else { throw .invalidHeader }
        let name = String(decoding: buffer[line.lowerBound..<i], as: UTF8.self)
        var start = i + 1
        var end = line.upperBound
        while start < end, buffer[start] == 0x20 || buffer[start] == 0x09 { start += 1 }
        while end > start, buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09 { end -= 1 }
        // field-value: VCHAR, obs-text, SP, HTAB; CR, LF, NUL and other CTLs are
        // invalid (RFC 9110 §5.5).
        for j in start..<end where !HTTPSyntax.isFieldValueChar(buffer[j]) { throw .invalidHeader }
        return (name, String(decoding: buffer[start..<end], as: UTF8.self))
    }

    private func makeHead() throws(HTTPParseError) -> HTTPRequestHead {
        guard let (method, target, version) = requestLine else { throw .invalidRequestLine }
        // Exactly one Host in HTTP/1.1, at most one in HTTP/1.0 (RFC 9112 §3.2).
        let hosts = headers.values("Host").count
        if version == .http1_1 ? hosts != 1 : hosts > 1 { throw .missingOrDuplicateHost }
        // "...or a Host header field with an invalid field value" is a 400 too (§3.2).
        if let host = headers["Host"], !HTTPSyntax.isValidHost(host) { throw .invalidHost }
        try checkTargetForm(method: method, target: target)
        let bodyLimit = limits.maxBodySize(forTarget: target)

        let transferEncodings = headers.values("Transfer-Encoding")
        let contentLengths = headers.values("Content-Length")
        var framing = HTTPRequestHead.BodyFraming.none
        if !transferEncodings.isEmpty {
            // Both present is how smuggling starts: reject (RFC 9112 §6.3 rule 3 allows it).
            guard contentLengths.isEmpty else { throw .contentLengthWithTransferEncoding }
            // Transfer-Encoding in HTTP/1.0 is faulty framing (RFC 9112 §6.1).
            guard version == .http1_1 else { throw .invalidTransferEncoding }
            let codings = headers.listValues("Transfer-Encoding").map { $0.lowercased() }
            guard codings.last == "chunked" else { throw .invalidTransferEncoding }
            if codings.count > 1 {
                if codings.dropLast().contains("chunked") { throw .invalidTransferEncoding }
                throw .unsupportedTransferCoding
            }
            framing = .chunked
        } else if !contentLengths.isEmpty {
            // One field line of 1*DIGIT; lists and repeats ("5, 5") are rejected.
            guard contentLengths.count == 1, let n = HTTPSyntax.parseContentLength(contentLengths[0]) else {
                throw .invalidContentLength
            }
            guard n <= bodyLimit else { throw .bodyTooLarge }
            framing = n == 0 ? .none : .length(n)
        }

        let close = headers.containsToken("close", in: "Connection")
        let keepAlive = version == .http1_1 ? !close : (!close && headers.containsToken("keep-alive", in: "Connection"))

        var expectsContinue = false, unsupportedExpectation = false
        for expectation in headers.listValues("Expect") {
            if expectation.lowercased() == "100-continue" {
                expectsContinue = true
            } else {
                unsupportedExpectation = true
            }
        }
        return HTTPRequestHead(
            method: method, target: target, version: version, headers: headers,
            framing: framing, keepAlive: keepAlive, expectsContinue: expectsContinue,
            hasUnsupportedExpectation: unsupportedExpectation)
    }

    /// chunk-size [ chunk-ext ] (RFC 9112 §7.1); extensions are checked for control
    /// characters and otherwise ignored.
    private func parseChunkSize(_ line: Range<Int>) throws(HTTPParseError) -> Int {
        var i = line.lowerBound
        var size = 0
        while i < line.upperBound, let digit = HTTPSyntax.hexValue(buffer[i]) {
            guard i - line.lowerBound < 15 else { throw .invalidChunk }
            size = size << 4 | Int(digit)
            i += 1
        }
        guard i > line.lowerBound else { throw .invalidChunk }
        if i < line.upperBound {
            // chunk-ext = *( BWS ";" BWS chunk-ext-name … ): whitespace may come only
            // before a ";", so a size followed by bare whitespace is malformed.
            var j = i
            while j < line.upperBound, buffer[j] == 0x20 || buffer[j] == 0x09 { j += 1 }
            guard j < line.upperBound, buffer[j] == 0x3B else { throw .invalidChunk }
            for k in j..<line.upperBound where !HTTPSyntax.isFieldValueChar(buffer[k]) { throw .invalidChunk }
        }
        return size
    }

    /// The request-target's form must suit the method (RFC 9112 §3.2): asterisk-form
    /// only for OPTIONS, authority-form only (and always) for CONNECT, otherwise
    /// origin-form (`/…`) or absolute-form (`scheme://…`).
    private func checkTargetForm(method: HTTPMethod, target: String) throws(HTTPParseError) {
        if method == .connect {
            guard !target.hasPrefix("/"), !target.contains("/"), HTTPSyntax.isValidHost(target) else {
                throw .invalidRequestLine
            }
            return
        }
        if target == "*" {
            guard method == .options else { throw .invalidRequestLine }
            return
        }
        if target.hasPrefix("/") { return }
        guard let colon = target.firstIndex(of: ":"), target[colon...].hasPrefix("://"),
            target[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }),
            target.first?.isLetter == true
        else { throw .invalidRequestLine }
    }

    // MARK: - Buffer

    /// Drops consumed bytes when that is cheap relative to what is kept, so the buffer
    /// holds at most about one request plus what is pipelined behind it.
    private mutating func compactIfUseful() {
        guard readIndex > 0 else { return }
        if readIndex == buffer.count {
            if buffer.capacity > 1 << 16 { buffer = [] } else { buffer.removeAll(keepingCapacity: true) }
        } else if readIndex >= 4096, readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
        } else {
            return
        }
        let shift = readIndex
        readIndex = 0
        lineStart -= shift
        scanIndex -= shift
        // May go below 0: a trailer section's consumed lines still count against its limit.
        blockStart -= shift
    }
}
