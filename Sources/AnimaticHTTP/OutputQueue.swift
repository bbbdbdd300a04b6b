import Glibc

/// Bytes waiting to be written to a connection, as a list of buffers so a response's
/// head and body go out together in one `writev`/`sendmsg` without being copied into
/// one array.
struct OutputQueue {
    private var chunks: [[UInt8]] = []
    private var head = 0
    /// Bytes already written from `chunks[head]`.
    private var offset = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        chunks.append(bytes)
        count += bytes.count
    }

    /// Marks `n` bytes as written.
    mutating func consume(_ n: Int) {
        var n = n
        count -= n
        while n > 0 {
            let remaining = chunks[head].count - offset
            if n >= remaining {
                n -= remaining
                chunks[head] = []
                head += 1
                offset = 0
            } else {
                offset += n
                n = 0
            }
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: chunks.capacity <= 64)
            head = 0
        } else if head >= 32, head * 2 >= chunks.count {
            chunks.removeSubrange(0..<head)
            head = 0
        }
    }

    /// Calls `body` with iovecs over at most `maxBuffers` pending buffers.
    func withIOVecs<R>(maxBuffers: Int = 64, _ body: (UnsafeBufferPointer<iovec>) -> R) -> R {
        let end = min(chunks.count, head + maxBuffers)
        var vectors: [iovec] = []
        vectors.reserveCapacity(end - head)
        // Each buffer's address is only valid inside its withUnsafeBytes, so nest them.
        func collect(_ i: Int) -> R {
            if i == end { return vectors.withUnsafeBufferPointer(body) }
            return chunks[i].withUnsafeBytes { raw in
                let skip = i == head ? offset : 0
                vectors.append(
                    iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + skip),
                        iov_len: raw.count - skip))
                return collect(i + 1)
            }
        }
        return collect(head)
    }

    /// Copies up to `limit` pending bytes into one array (for TLS records).
    func prefix(_ limit: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(min(limit, count))
        var i = head
        var skip = offset
        while i < chunks.count, result.count < limit {
            let chunk = chunks[i]
            let take = min(chunk.count - skip, limit - result.count)
            result.append(contentsOf: chunk[skip..<(skip + take)])
            skip = 0
            i += 1
        }
        return result
    }
}
