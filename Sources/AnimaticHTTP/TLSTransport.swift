import COpenSSL
import Glibc

/// TLS over a non-blocking socket. The handshake runs inside the first reads and
/// writes (`SSL_set_accept_state`), driven by the same readiness sources as plain
/// connections; `SSL_ERROR_WANT_READ/WRITE` map to would-block results.
final class TLSTransport: Transport {
    private let ssl: OpaquePointer
    private var freed = false
    var isSecure: Bool { true }

    init?(context: TLSContext, fd: Int32) {
        guard let ssl = context.makeSSL(fd: fd) else { return nil }
        self.ssl = ssl
    }

    var isHandshakeComplete: Bool { SSL_is_init_finished(ssl) == 1 }

    /// The negotiated ALPN protocol, if any.
    var alpnProtocol: String? {
        var data: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &data, &length)
        guard let data, length > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportReadResult {
        // The OpenSSL error queue is per thread and Dispatch threads are shared.
        ERR_clear_error()
        let n = SSL_read(ssl, buffer.baseAddress, Int32(min(buffer.count, Int(Int32.max))))
        if n > 0 { return .bytes(Int(n)) }
        switch SSL_get_error(ssl, n) {
        case SSL_ERROR_WANT_READ: return .wouldBlock
        case SSL_ERROR_WANT_WRITE: return .wantsWrite
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL where n == 0: return .closed
        case let e: return .failed(TLSError("SSL_read error \(e)").description)
        }
    }

    func write(_ output: OutputQueue) -> TransportWriteResult {
        ERR_clear_error()
        // One TLS record of up to 16 KiB from the front of the queue: head and body of
        // a small response share a record (and a segment).
        let bytes = output.prefix(16384)
        let n = bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
        if n > 0 { return .wrote(Int(n)) }
        switch SSL_get_error(ssl, n) {
        case SSL_ERROR_WANT_WRITE: return .wouldBlock
        case SSL_ERROR_WANT_READ: return .wantsRead
        case let e: return .failed(TLSError("SSL_write error \(e)").description)
        }
    }

    func shutdownWrite() {
        ERR_clear_error()
        if isHandshakeComplete { _ = SSL_shutdown(ssl) }
        Glibc.shutdown(SSL_get_fd(ssl), Int32(SHUT_WR))
    }

    func free() {
        guard !freed else { return }
        freed = true
        SSL_free(ssl)
    }

    deinit { free() }
}
