import Glibc

/// Serves files under a root directory for GET and HEAD.
///
/// `response(for:)` returns `nil` when the request is not for a file it will serve —
/// not GET/HEAD, no such file, or a refused path — so the caller answers (typically
/// 404). Refused: `.` and `..` segments, dot-files, segments that decode to contain
/// `/` or NUL (`%2f`, `%00`), malformed escapes, and any path whose real location
/// (after symlinks) is outside the root. A directory serves its `index.html`
/// (`GET /` → `index.html`); a file asked for with a trailing slash is not served.
///
/// Responses carry `Content-Type` by extension, a strong `ETag` from inode, size and
/// modification time, and `Last-Modified`; `If-None-Match` (weak comparison, RFC 9110
/// §13.1.2) → 304. Files are read whole (the body limit for static files is
/// `maxFileSize`, 64 MiB by default).
public struct StaticFileHandler: Sendable {
    public let root: String
    public var maxFileSize: Int = 64 << 20
    /// `Cache-Control` for served files; `nil` sends none.
    public var cacheControl: String? = "no-cache"

    /// - Parameter root: the directory; resolved with realpath once here.
    public init(root: String) {
        self.root = Self.realPath(root) ?? root
    }

    public func response(for request: HTTPRequest) -> HTTPResponse? {
        guard request.method == .get || request.method == .head else { return nil }
        guard let relative = Self.safeRelativePath(request.path) else { return nil }
        var candidate = relative.isEmpty ? root : root + "/" + relative
        guard var info = Self.fileStatus(candidate) else { return nil }
        let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
        if isDirectory {
            candidate += "/index.html"
            guard let indexInfo = Self.fileStatus(candidate) else { return nil }
            info = indexInfo
        }
        guard (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= maxFileSize else { return nil }
        // `/index.html/` names a directory; a file is not one (nginx and Apache answer 404 too).
        if request.path.hasSuffix("/"), !isDirectory { return nil }
        // Symlinks may point anywhere: the file's real path must stay inside the root.
        guard let real = Self.realPath(candidate), real.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }

        let etag =
            "\"\(String(UInt64(info.st_ino), radix: 16))-\(String(info.st_size, radix: 16))-\(String(info.st_mtim.tv_sec, radix: 16))\(String(info.st_mtim.tv_nsec, radix: 16))\""
        var headers: HTTPHeaders = ["ETag": etag, "Last-Modified": DateCache.format(info.st_mtim.tv_sec)]
        if let cacheControl { headers.add("Cache-Control", cacheControl) }
        let contentType = MediaTypes.type(forPath: real)
        if request.ifNoneMatchMatches(etag) {
            if ContentCoding.isCompressible(contentType: contentType) { headers.add("Vary", "Accept-Encoding") }
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add("Content-Type", contentType)
        guard let bytes = Self.readFile(real, size: Int(info.st_size)) else { return nil }
        return HTTPResponse(status: .ok, headers: headers, body: bytes)
    }

    /// The decoded path below the root, or nil if it must not be served.
    static func safeRelativePath(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        var parts: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = PercentDecoding.decode(raw), !segment.isEmpty,
                !segment.hasPrefix("."), !segment.contains("/"), !segment.contains("\0"),
                !segment.contains("\\")
            else { return nil }
            parts.append(segment)
        }
        return parts.joined(separator: "/")
    }

    static func fileStatus(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func readFile(_ path: String, size: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        if done < size { bytes.removeSubrange(done...) }
        return bytes
    }
}
