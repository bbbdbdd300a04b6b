import Testing
@testable import AnimaticHTTP

/// Parses `raw` delivered in the given piece sizes (the rest in one piece), returning
/// a printable list of events and the error, if any.
private func parse(_ raw: [UInt8], pieces: [Int] = [], limits: RequestParser.Limits = .init()) -> (
    events: [String], error: HTTPParseError?
) {
    var parser = RequestParser(limits: limits)
    var events: [String] = []
    var index = 0
    var sizes = pieces
    while index < raw.count {
        let n = sizes.isEmpty ? raw.count - index : min(sizes.removeFirst(), raw.count - index)
        parser.append(raw[index..<(index + n)])
        index += n
        do {
            while let event = try parser.next() { events.append(summary(event)) }
        } catch {
            return (events, error)
        }
    }
    return (events, nil)
}

private func summary(_ event: RequestParser.Event) -> String {
    switch event {
    case .head(let h):
        let fields = h.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return
            "head \(h.method) \(h.target) \(h.version) [\(fields)] \(h.framing) ka=\(h.keepAlive) continue=\(h.expectsContinue)"
    case .message(let h, let body, let trailers):
        let t = trailers.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return "message \(h.method) \(h.target) body=\(String(decoding: body, as: UTF8.self)) trailers=[\(t)]"
    }
}

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

@Suite struct RequestParserTests {
    static let samples: [String] = [
        "GET /index.html?x=1 HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\nX-Empty:\r\n\r\n",
        "POST /v1/timeline HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\nContent-Type: application/json\r\n\r\n{\"a\":[1,2]}",
        "PUT /up HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\nX-Trailer: yes\r\nChecksum: 42\r\n\r\n",
        "\r\nGET /a HTTP/1.0\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\nPOST /c HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc",
    ]

    @Test func parsesASimpleRequest() {
        let (events, error) = parse(bytes(Self.samples[0]))
        #expect(error == nil)
        #expect(
            events == [
                "head GET /index.html?x=1 HTTP/1.1 [Host=example.com,Accept=*/*,X-Empty=] none ka=true continue=false",
                "message GET /index.html?x=1 body= trailers=[]",
            ])
    }

    @Test func parsesChunkedBodiesWithExtensionsAndTrailers() {
        let (events, error) = parse(bytes(Self.samples[2]))
        #expect(error == nil)
        #expect(events.last == "message PUT /up body=hello 0123456789 trailers=[X-Trailer=yes,Checksum=42]")
    }

    @Test func parsesPipelinedRequestsAndKeepAliveRules() {
        let (events, error) = parse(bytes(Self.samples[3]))
        #expect(error == nil)
        #expect(events.count == 6)
        #expect(events[0].hasSuffix("ka=false continue=false"))  // HTTP/1.0 closes by default
        #expect(events[2].contains("ka=false"))  // Connection: close
        #expect(events[4].contains("ka=true"))
        #expect(events[5] == "message POST /c body=abc trailers=[]")
    }

    @Test(arguments: 0..<4)
    func everySplitPointParsesTheSame(sample: Int) {
        let raw = bytes(Self.samples[sample])
        let whole = parse(raw)
        for cut in 1..<raw.count {
            let split = parse(raw, pieces: [cut])
            #expect(split.events == whole.events, "cut at \(cut)")
            #expect(split.error == whole.error)
        }
        // and every two-way cut of the shorter samples
        if raw.count < 120 {
            for a in 1..<raw.count {
                for b in 1..<(raw.count - a) {
                    let split = parse(raw, pieces: [a, b])
                    if split.events != whole.events { Issue.record("cut at \(a),\(a + b)"); return }
                }
            }
        }
    }

    @Test(arguments: 0..<4)
    func oneByteAtATimeParsesTheSame(sample: Int) {
        let raw = bytes(Self.samples[sample])
        #expect(parse(raw, pieces: Array(repeating: 1, count: raw.count)).events == parse(raw).events)
    }

    @Test func http10KeepAliveWhenAsked() {
        let (events, _) = parse(bytes("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"))
        #expect(events[0].contains("ka=true"))
    }

    @Test func expectContinueIsReported() {
        let (events, _) = parse(
            bytes("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"))
        #expect(
            events == [
                "head POST / HTTP/1.1 [Host=a,Expect=100-continue,Content-Length=2] length(2) ka=true continue=true"
            ])
    }

    static let malformed: [(String, HTTPParseError)] = [
        (
            "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            .contentLengthWithTransferEncoding
        ),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n", .invalidContentLength),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", .invalidContentLength),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 3\r\n\r\n", .invalidContentLength),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: +3\r\n\r\n", .invalidContentLength),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x10\r\n\r\n", .invalidContentLength),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", .invalidContentLength),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, identity\r\n\r\n", .invalidTransferEncoding),
        (
            "GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
            .invalidTransferEncoding
        ),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedTransferCoding),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n", .invalidTransferEncoding),
        ("GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .invalidTransferEncoding),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-Folded: a\r\n b\r\n\r\n", .obsoleteLineFolding),
        ("GET / HTTP/1.1\r\n Host: a\r\n\r\n", .obsoleteLineFolding),
        ("GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n", .invalidHeader),
        ("GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n", .invalidLineEnding),
        ("GET / HTTP/1.1\nHost: a\r\n\r\n", .invalidLineEnding),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", .invalidHeader),
        ("GET / HTTP/1.1\r\nHo(st: a\r\n\r\n", .invalidHeader),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n", .invalidHeader),
        ("GET / HTTP/1.1\r\nHost: a\r\n: empty-name\r\n\r\n", .invalidHeader),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
        ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .invalidRequestLine),
        ("GET /\u{7F} HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", .unsupportedVersion),
        ("GET / http/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
        ("GET / HTTP/1.1\r\n\r\n", .missingOrDuplicateHost),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .missingOrDuplicateHost),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .invalidChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n", .invalidChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\n0\r\n\r\n", .invalidChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n-3\r\n", .invalidChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n", .invalidChunk),
        // Whitespace after a chunk size may only precede a ";" (BWS, RFC 9112 §7.1.1).
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3 \r\nabc\r\n0\r\n\r\n", .invalidChunk),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\t\r\nabc\r\n0\r\n\r\n", .invalidChunk),
        // Host must be uri-host [":" port] (RFC 9112 §3.2 → 400).
        ("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .invalidHost),
        ("GET / HTTP/1.1\r\nHost: a/b@c\r\n\r\n", .invalidHost),
        ("GET / HTTP/1.1\r\nHost: a:8x\r\n\r\n", .invalidHost),
        ("GET / HTTP/1.1\r\nHost: [::1\r\n\r\n", .invalidHost),
        ("GET / HTTP/1.0\r\nHost: x\"y\r\n\r\n", .invalidHost),
        // The target's form must suit the method (RFC 9112 §3.2).
        ("GET * HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
        ("GET example.com:80 HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
        ("CONNECT / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
    ]

    static let validHosts = [
        "a", "", "example.com:8080", "127.0.0.1", "[::1]:80", "xn--d1a.com",
        "a-b_c~d.e!$&'()*+,;=", "%41b",
    ]

    @Test(arguments: validHosts)
    func acceptsValidHostValues(host: String) {
        #expect(parse(bytes("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")).error == nil, "\(host)")
    }

    @Test func acceptsEveryTargetFormForItsMethod() {
        for line in [
            "OPTIONS * HTTP/1.1", "CONNECT example.com:443 HTTP/1.1", "GET http://a/b?c HTTP/1.1",
            "GET /x HTTP/1.1", "POST https://a HTTP/1.1",
        ] {
            #expect(parse(bytes("\(line)\r\nHost: a\r\n\r\n")).error == nil, "\(line)")
        }
        // A chunk extension may follow whitespace.
        let chunked = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3 ;x=1\r\nabc\r\n0\r\n\r\n"
        #expect(parse(bytes(chunked)).error == nil)
    }

    @Test(arguments: 0..<malformed.count)
    func rejectsMalformedAndAmbiguousFraming(index: Int) {
        let (raw, expected) = Self.malformed[index]
        #expect(parse(bytes(raw)).error == expected, "\(raw.debugDescription)")
        // and the same when the bytes arrive one at a time
        let raw8 = bytes(raw)
        #expect(parse(raw8, pieces: Array(repeating: 1, count: raw8.count)).error == expected)
    }

    @Test func statusCodesOfErrors() {
        #expect(HTTPParseError.requestLineTooLong.status == .uriTooLong)
        #expect(HTTPParseError.headersTooLarge.status == .requestHeaderFieldsTooLarge)
        #expect(HTTPParseError.bodyTooLarge.status == .contentTooLarge)
        #expect(HTTPParseError.invalidHeader.status == .badRequest)
        #expect(HTTPParseError.unsupportedTransferCoding.status == .notImplemented)
        #expect(HTTPParseError.unsupportedVersion.status == .httpVersionNotSupported)
    }

    @Test func requestLineLimit() {
        let ok = "GET /" + String(repeating: "a", count: 8192 - 14) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parse(bytes(ok)).error == nil)
        let long = "GET /" + String(repeating: "a", count: 8192 - 13) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parse(bytes(long)).error == .requestLineTooLong)
        // detected before the line ends
        #expect(parse(bytes("GET /" + String(repeating: "a", count: 9000))).error == .requestLineTooLong)
    }

    @Test func overlongLineEndingInBareLFFailsTheSameWhateverTheSplit() {
        // Found by the fuzzer: whole, the bare LF was seen first (400); split, the
        // length limit fired first (414). Now the limit is checked first either way.
        let limits = RequestParser.Limits(maxRequestLineLength: 256)
        let raw = bytes("GET /" + String(repeating: "a", count: 300) + "\n")
        let whole = parse(raw, limits: limits)
        #expect(whole.error == .requestLineTooLong)
        #expect(parse(raw, pieces: Array(repeating: 7, count: 60), limits: limits).error == whole.error)
        let header = bytes("GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 2000) + "\n")
        let headerLimits = RequestParser.Limits(maxHeaderBlockSize: 1024)
        #expect(parse(header, limits: headerLimits).error == .headersTooLarge)
        #expect(parse(header, pieces: Array(repeating: 5, count: 500), limits: headerLimits).error == .headersTooLarge)
    }

    @Test func headerLimits() {
        let many = "GET / HTTP/1.1\r\nHost: a\r\n" + (1...100).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        #expect(parse(bytes(many)).error == .headersTooLarge)
        let ninetyNine = "GET / HTTP/1.1\r\nHost: a\r\n" + (1...99).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        #expect(parse(bytes(ninetyNine)).error == nil)
        let big = "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "b", count: 16384) + "\r\n\r\n"
        #expect(parse(bytes(big)).error == .headersTooLarge)
        #expect(parse(bytes(String(big.dropLast(4)))).error == .headersTooLarge)  // before the end arrives
        let trailers =
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
            + (1...101).map { "T-\($0): v\r\n" }.joined() + "\r\n"
        #expect(parse(bytes(trailers)).error == .headersTooLarge)
    }

    /// Found by scripts/fuzz-http.sh: the trailer lines already read used to be forgotten
    /// when the buffer was compacted between deliveries, so a trailer section over the
    /// limit passed when it arrived line by line and failed when it arrived whole.
    @Test func aTrailerSectionOverTheLimitFailsHoweverItArrives() {
        let limits = RequestParser.Limits(maxHeaderBlockSize: 1024)
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
        // 20 trailer lines of 100 bytes: 2,000 bytes of trailer section, each line within the limit.
        let lines = (10..<30).map { "T-\($0): " + String(repeating: "v", count: 92) + "\r\n" }
        #expect(lines.allSatisfy { $0.utf8.count == 100 })
        let raw = bytes(head + lines.joined() + "\r\n")
        #expect(parse(raw, limits: limits).error == .headersTooLarge)
        let lineByLine = [head.utf8.count] + Array(repeating: 100, count: lines.count)
        #expect(parse(raw, pieces: lineByLine, limits: limits).error == .headersTooLarge)
        // Ten lines (1,000 bytes and the blank line) fit, in one piece or line by line.
        let within = bytes(head + lines.prefix(10).joined() + "\r\n")
        #expect(parse(within, limits: limits).error == nil)
        #expect(parse(within, pieces: Array(lineByLine.prefix(11)), limits: limits).error == nil)
    }

    @Test func bodyLimits() {
        let limits = RequestParser.Limits(maxBodySize: 10)
        #expect(
            parse(bytes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n"), limits: limits).error
                == .bodyTooLarge)
        #expect(
            parse(bytes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0123456789"), limits: limits).error
                == nil)
        let chunked =
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n5\r\nghijk\r\n0\r\n\r\n"
        #expect(parse(bytes(chunked), limits: limits).error == .bodyTooLarge)
    }

    /// An upload path with its own, larger limit; other paths (and that path's query) keep theirs.
    @Test func bodyLimitsByPath() {
        let limits = RequestParser.Limits(maxBodySize: 10, maxBodySizeByPath: ["/up": 20])
        func request(_ target: String, _ length: Int) -> [UInt8] {
            bytes("POST \(target) HTTP/1.1\r\nHost: a\r\nContent-Length: \(length)\r\n\r\n")
                + [UInt8](repeating: 65, count: length)
        }
        #expect(parse(request("/up", 20), limits: limits).error == nil)
        #expect(parse(request("/up?x=1", 20), limits: limits).error == nil)
        #expect(parse(request("/up", 21), limits: limits).error == .bodyTooLarge)
        #expect(parse(request("/other", 11), limits: limits).error == .bodyTooLarge)
        #expect(parse(request("/up/more", 11), limits: limits).error == .bodyTooLarge, "exact paths only")
        let chunked =
            "POST /up HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nf\r\n"
            + String(repeating: "a", count: 15) + "\r\n0\r\n\r\n"
        #expect(parse(bytes(chunked), limits: limits).error == nil)
    }

    @Test func errorsAreFinal() throws {
        var parser = RequestParser()
        parser.append(bytes("GET / HTTP/1.1\r\nHost : a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"))
        #expect(throws: HTTPParseError.invalidHeader) { try parser.next() }
        #expect(throws: HTTPParseError.invalidHeader) { try parser.next() }
    }

    @Test func largeBodyInManyPiecesKeepsTheBufferSmall() throws {
        var parser = RequestParser()
        let body = [UInt8](repeating: 0x61, count: 500_000)
        parser.append(bytes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.count)\r\n\r\n"))
        _ = try parser.next()
        var got: [UInt8]?
        for start in stride(from: 0, to: body.count, by: 1000) {
            parser.append(body[start..<(start + 1000)])
            while let e = try parser.next() { if case .message(_, let b, _) = e { got = b } }
            #expect(parser.bufferedByteCount == 0)
        }
        #expect(got == body)
        #expect(parser.isIdle)
    }
}
