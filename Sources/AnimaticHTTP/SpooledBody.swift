import Glibc
import Synchronization

/// A large body moved out of memory into an anonymous temporary file and streamed from
/// it with a known `Content-Length`, a piece at a time as the client reads. A client that
/// does not read then holds the connection's small output buffer and a file descriptor,
/// not the body: memory per connection stays bounded whatever the response size.
public enum SpooledBody {
    /// Bytes read from the file per piece (the connection asks again below its low-water mark).
    static let pieceSize = 64 * 1024

    /// `response` with its body spooled to an unlinked file in `directory`; the response
    /// unchanged when the file cannot be written (the body is then sent from memory).
    public static func spool(_ response: HTTPResponse, directory: String = "/tmp") -> HTTPResponse {
        guard response.stream == nil, !response.body.isEmpty else { return response }
        // mkstemp + unlink: the file has no name from the start, and goes when closed.
        var template = Array((directory + "/animatic-body-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return response }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var written = 0
        let body = response.body
        while written < body.count {
            let n = body.withUnsafeBytes { write(fd, $0.baseAddress! + written, body.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                close(fd)
                return response
            }
            written += n
        }
        let file = FileSource(fd: fd, length: body.count)
        var spooled = HTTPResponse(status: response.status, headers: response.headers, stream: { file.next() })
        spooled.streamLength = body.count
        return spooled
    }

    /// The spooled file; closed when the last reference (the connection's stream) goes.
    final class FileSource: Sendable {
        let fd: Int32
        let length: Int
        private let offset = Atomic<Int>(0)

        init(fd: Int32, length: Int) {
            self.fd = fd
            self.length = length
        }

        deinit { close(fd) }

        /// The next piece; nil at the end (or on a read error, which ends the body short
        /// and so closes the connection rather than send wrong bytes).
        func next() -> [UInt8]? {
            let start = offset.load(ordering: .relaxed)
            guard start < length else { return nil }
            let count = min(SpooledBody.pieceSize, length - start)
            var piece = [UInt8](repeating: 0, count: count)
            let n = piece.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(start)) }
            guard n > 0 else { return nil }
            if n < count { piece.removeSubrange(n...) }
            offset.store(start + n, ordering: .relaxed)
            return piece
        }
    }
}

/// Gives freed heap memory back to the system (glibc keeps it in its arenas otherwise,
/// so RSS stays at its peak after a burst of large renders). Called after large renders.
public enum MemoryTrim {
    public static func releaseFreeMemory() {
        _ = trim?(0)
    }

    /// glibc's `malloc_trim` (malloc.h is not part of Swift's Glibc module), looked up
    /// once; nil under a libc without it (musl).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
}
