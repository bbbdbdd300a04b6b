import COpenSSL

public struct TLSError: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(_ what: String) {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            messages.append(
                String(decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        description = messages.isEmpty ? what : "\(what): \(messages.joined(separator: "; "))"
    }
}

/// An OpenSSL server context: TLS 1.2 and 1.3 only, forward-secret AEAD ciphers for
/// TLS 1.2 (Mozilla's "intermediate" list), OpenSSL's TLS 1.3 suites, no
/// renegotiation, no compression, ALPN `http/1.1`.
///
/// `SSL_CTX` is safe to share between threads once configured; it is only read after init.
public final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer

    static let tls12Ciphers = [
        "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256",
        "ECDHE-ECDSA-AES256-GCM-SHA384", "ECDHE-RSA-AES256-GCM-SHA384",
        "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
    ].joined(separator: ":")

    public init(configuration: TLSConfiguration) throws {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw TLSError("SSL_CTX_new") }
        self.context = context
        guard animatic_SSL_CTX_set_min_proto_version(context, animatic_TLS1_2_VERSION()) == 1,
            animatic_SSL_CTX_set_max_proto_version(context, animatic_TLS1_3_VERSION()) == 1
        else {
            throw TLSError("setting protocol versions")
        }
        SSL_CTX_set_options(
            context,
            animatic_SSL_OP_NO_RENEGOTIATION() | animatic_SSL_OP_NO_COMPRESSION()
                | animatic_SSL_OP_CIPHER_SERVER_PREFERENCE())
        // Partial writes + moving buffer: a write that would block may be retried later
        // from a rebuilt buffer that starts with the same bytes.
        _ = animatic_SSL_CTX_set_mode(
            context,
            animatic_SSL_MODE_ENABLE_PARTIAL_WRITE()
                | animatic_SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER()
                | animatic_SSL_MODE_RELEASE_BUFFERS())
        guard SSL_CTX_set_cipher_list(context, Self.tls12Ciphers) == 1 else {
            throw TLSError("SSL_CTX_set_cipher_list")
        }
        guard SSL_CTX_use_certificate_chain_file(context, configuration.certificateChainPath) == 1 else {
            throw TLSError("loading certificate chain \(configuration.certificateChainPath)")
        }
        guard SSL_CTX_use_PrivateKey_file(context, configuration.privateKeyPath, SSL_FILETYPE_PEM) == 1 else {
            throw TLSError("loading private key \(configuration.privateKeyPath)")
        }
        guard SSL_CTX_check_private_key(context) == 1 else { throw TLSError("private key does not match certificate") }
        SSL_CTX_set_alpn_select_cb(context, selectALPN, nil)
    }

    deinit { SSL_CTX_free(context) }

    /// A server-side SSL object on `fd`, or nil.
    func makeSSL(fd: Int32) -> OpaquePointer? {
        guard let ssl = SSL_new(context) else { return nil }
        SSL_set_fd(ssl, fd)
        SSL_set_accept_state(ssl)
        return ssl
    }
}

/// ALPN (RFC 7301): choose `http/1.1` when offered. A client that offers protocols but
/// not http/1.1 gets the `no_application_protocol` alert (RFC 7301 §3.2).
private func selectALPN(
    _ ssl: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
    _ outLength: UnsafeMutablePointer<UInt8>?, _ input: UnsafePointer<UInt8>?, _ inputLength: UInt32,
    _ arg: UnsafeMutableRawPointer?
) -> Int32 {
    guard let input, let out, let outLength else { return SSL_TLSEXT_ERR_NOACK }
    let wanted = Array("http/1.1".utf8)
    var i = 0
    let count = Int(inputLength)
    while i < count {
        let length = Int(input[i])
        let start = i + 1
        guard start + length <= count else { break }
        if length == wanted.count, (0..<length).allSatisfy({ input[start + $0] == wanted[$0] }) {
            out.pointee = input + start
            outLength.pointee = UInt8(length)
            return SSL_TLSEXT_ERR_OK
        }
        i = start + length
    }
    return SSL_TLSEXT_ERR_ALERT_FATAL
}
