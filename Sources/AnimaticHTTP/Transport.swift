import Glibc

enum TransportReadResult {
    case bytes(Int)
    case wouldBlock
    /// TLS needs the socket writable before it can read (handshake flight).
    case wantsWrite
    case closed
    case failed(String)
}

enum TransportWriteResult {
    case wrote(Int)
    case wouldBlock
    /// TLS needs the socket readable before it can write.
    case wantsRead
    case failed(String)
}

/// A connection's byte stream: plain TCP or TLS over a non-blocking socket.
/// Used only on the connection's queue.
protocol Transport: AnyObject {
    var isSecure: Bool { get }
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportReadResult
    func write(_ output: OutputQueue) -> TransportWriteResult
    /// Ends our sending side (TLS close_notify, then TCP FIN).
    func shutdownWrite()
    /// Frees resources; the connection closes the descriptor.
    func free()
}

/// Plain TCP: `read(2)` and `sendmsg(2)` with all pending buffers as one iovec list.
final class PlainTransport: Transport {
    let fd: Int32
    var isSecure: Bool { false }

    init(fd: Int32) { self.fd = fd }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportReadResult {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let e: return .failed("read: errno \(e)")
            }
        }
    }

    func write(_ output: OutputQueue) -> TransportWriteResult {
        while true {
            let n = output.withIOVecs { vectors -> Int in
                var message = msghdr()
                message.msg_iov = UnsafeMutablePointer(mutating: vectors.baseAddress)
                message.msg_iovlen = vectors.count
                // MSG_NOSIGNAL: a peer that went away is an EPIPE, not a SIGPIPE.
                return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
            }
            if n >= 0 { return .wrote(n) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let e: return .failed("sendmsg: errno \(e)")
            }
        }
    }

    func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }

    func free() {}
}
