/// A response turned into bytes: its head, the body to send, and how it is framed.
struct PreparedResponse {
    var head: [UInt8]
    var body: [UInt8]
    var stream: HTTPResponse.BodyStream?
    /// The streamed body is sent with the chunked coding (else close-delimited, or
    /// length-delimited when `knownLength`).
    var chunked: Bool
    var knownLength = false
    var keepAlive: Bool
    var status: HTTPStatus
}

/// Applies the server's rules to a handler's response and serializes its head.
struct ResponseSerializer {
    let serverName: String?
    let gzip: GzipEncoder
    let gzipMinimumSize: Int
    let dates: DateCache
    /// Off when the application decides the representation itself (then the serializer
    /// neither compresses nor adds `Vary`).
    var compresses = true

    static let continueHead = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// - Parameters:
    ///   - keepAlive: whether the connection may stay open; the response may still close.
    func prepare(
        _ response: HTTPResponse, method: HTTPMethod?, version: HTTPVersion, requestHeaders: HTTPHeaders,
        requestID: String, keepAlive: Bool
    ) -> PreparedResponse {
        var keepAlive = keepAlive
        var headers = HTTPHeaders()
        var declaredLength: String?
        for field in response.headers {
            // Names must be tokens and values free of CR/LF/NUL, or a handler could split
            // the response (RFC 9110 §5.5); such fields are dropped.
            guard HTTPSyntax.isToken(field.name), field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueChar) else {
                continue
            }
            if HTTPHeaders.equalNames(field.name, "Content-Length") {
                declaredLength = field.value
            } else if HTTPHeaders.equalNames(field.name, "Transfer-Encoding") {
                continue
            } else if HTTPHeaders.equalNames(field.name, "Connection") {
                if field.value.lowercased().contains("close") { keepAlive = false }
            } else {
                headers.add(field.name, field.value)
            }
        }

        var status = response.status
        var body = status.forbidsContent ? [] : response.body
        if compresses, response.stream == nil {
            // The one rule for gzip, ETag, Vary and 304 (`ContentNegotiator`), as the
            // application's own representation layer applies it.
            ContentNegotiator(gzip: gzip, minimumSize: gzipMinimumSize).apply(
                status: &status, headers: &headers, body: &body, requestHeaders: requestHeaders)
        }
        let isHead = method == .head
        let noBody = status.forbidsContent
        let stream = noBody ? nil : response.stream

        var chunked = false
        if noBody {
            // 1xx, 204, 304: no content and no Content-Length (RFC 9110 §8.6, §15.4.5).
        } else if stream != nil, let length = response.streamLength {
            headers.add("Content-Length", String(length))
        } else if stream != nil {
            if version == .http1_1 {
                headers.add("Transfer-Encoding", "chunked")
                chunked = true
            } else {
                keepAlive = false  // HTTP/1.0 has no chunked coding: the close ends the body.
            }
        } else if isHead, body.isEmpty, let declared = declaredLength, HTTPSyntax.parseContentLength(declared) != nil {
            // A HEAD handler may state the length a GET would have (RFC 9110 §9.3.2).
            headers.add("Content-Length", declared)
        } else {
            headers.add("Content-Length", String(body.count))
        }

        if !keepAlive {
            headers.add("Connection", "close")
        } else if version == .http1_0 {
            headers.add("Connection", "keep-alive")
        }
        if !headers.contains("Date") { headers.add("Date", dates.current()) }
        if let serverName, !headers.contains("Server") { headers.add("Server", serverName) }
        if !requestID.isEmpty, !headers.contains("X-Request-ID") { headers.add("X-Request-ID", requestID) }

        return PreparedResponse(
            head: Self.serializeHead(status: status, headers: headers),
            body: isHead ? [] : body, stream: isHead ? nil : stream,
            chunked: chunked, knownLength: stream != nil && response.streamLength != nil,
            keepAlive: keepAlive, status: status)
    }

    static func serializeHead(status: HTTPStatus, headers: HTTPHeaders) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + headers.count * 40)
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        out.append(contentsOf: String(status.code).utf8)
        out.append(0x20)
        out.append(contentsOf: status.reasonPhrase.utf8)
        out.append(contentsOf: [0x0D, 0x0A])
        for field in headers {
            out.append(contentsOf: field.name.utf8)
            out.append(contentsOf: [0x3A, 0x20])
            out.append(contentsOf: field.value.utf8)
            out.append(contentsOf: [0x0D, 0x0A])
        }
        out.append(contentsOf: [0x0D, 0x0A])
        return out
    }

    /// One chunk of the chunked coding: size in hex, CRLF, data, CRLF (RFC 9112 §7.1).
    static func chunk(_ data: [UInt8]) -> [UInt8] {
        var out = Array(String(data.count, radix: 16).utf8)
        out.reserveCapacity(out.count + data.count + 4)
        out.append(contentsOf: [0x0D, 0x0A])
        out.append(contentsOf: data)
        out.append(contentsOf: [0x0D, 0x0A])
        return out
    }

    static let lastChunk = Array("0\r\n\r\n".utf8)
}
