import Glibc

/// Thin wrappers over the POSIX socket calls the server uses.
enum Socket {
    struct Error: Swift.Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call): \(String(cString: strerror(code))) (errno \(code))" }
    }

    /// The addresses `host` resolves to for a passive (listening) socket.
    static func resolve(host: String, port: Int) throws -> [sockaddr_storage] {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let name: String? = (host.isEmpty || host == "*") ? nil : host
        let rc = getaddrinfo(name, String(port), &hints, &result)
        guard rc == 0, let first = result else {
            throw Error(call: "getaddrinfo(\(host)): \(String(cString: gai_strerror(rc)))", code: EINVAL)
        }
        defer { freeaddrinfo(first) }
        var addresses: [sockaddr_storage] = []
        var seen = Set<String>()
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            if let addr = info.pointee.ai_addr, info.pointee.ai_family == AF_INET || info.pointee.ai_family == AF_INET6
            {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) { dst in
                    dst.copyMemory(from: UnsafeRawBufferPointer(start: addr, count: Int(info.pointee.ai_addrlen)))
                }
                let key = describe(storage)
                if seen.insert(key).inserted { addresses.append(storage) }
            }
            cursor = info.pointee.ai_next
        }
        return addresses
    }

    /// A non-blocking listening socket bound to `address`.
    static func listen(on address: sockaddr_storage, port: Int, backlog: Int32, v6Only: Bool) throws -> Int32 {
        var address = address
        setPort(&address, port)
        let family = Int32(address.ss_family)
        let fd = socket(
            family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Error(call: "socket", code: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 {
            var flag: Int32 = v6Only ? 1 : 0
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &flag, socklen_t(MemoryLayout<Int32>.size))
        }
        let length = socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard rc == 0 else {
            let e = errno
            Glibc.close(fd)
            throw Error(call: "bind \(describe(address))", code: e)
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let e = errno
            Glibc.close(fd)
            throw Error(call: "listen", code: e)
        }
        return fd
    }

    static func localPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return port(of: storage)
    }

    static func port(of storage: sockaddr_storage) -> Int {
        let family = Int32(storage.ss_family)
        var storage = storage
        return withUnsafeBytes(of: &storage) { raw in
            if family == AF_INET6 {
                return Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            }
            return Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
        }
    }

    static func setPort(_ storage: inout sockaddr_storage, _ port: Int) {
        let family = Int32(storage.ss_family)
        withUnsafeMutableBytes(of: &storage) { raw in
            if family == AF_INET6 {
                var a = raw.load(as: sockaddr_in6.self)
                a.sin6_port = UInt16(port).bigEndian
                raw.storeBytes(of: a, as: sockaddr_in6.self)
            } else {
                var a = raw.load(as: sockaddr_in.self)
                a.sin_port = UInt16(port).bigEndian
                raw.storeBytes(of: a, as: sockaddr_in.self)
            }
        }
    }

    /// "127.0.0.1:80" or "[::1]:80".
    static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: &storage) { raw in
            if family == AF_INET6 {
                var a = raw.load(as: sockaddr_in6.self)
                inet_ntop(AF_INET6, &a.sin6_addr, &text, socklen_t(text.count))
                return "[\(cString(text))]:\(UInt16(bigEndian: a.sin6_port))"
            } else if family == AF_INET {
                var a = raw.load(as: sockaddr_in.self)
                inet_ntop(AF_INET, &a.sin_addr, &text, socklen_t(text.count))
                return "\(cString(text)):\(UInt16(bigEndian: a.sin_port))"
            }
            return "unknown"
        }
    }

    private static func cString(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Accepts one connection, non-blocking and close-on-exec; `nil` with errno set
    /// when none is pending or on error.
    static func accept(_ listener: Int32) -> (fd: Int32, address: sockaddr_storage)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.accept(listener, $0, &length)
            }
        }
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return (fd, storage)
    }

    /// Disables Nagle's algorithm: a response written in one writev goes out at once
    /// instead of waiting for the client's delayed ACK (the 40 ms stall).
    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Reads and throws away whatever is already buffered, without blocking.
    static func discardPending(_ fd: Int32) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<16 {
            let n = recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
            if n <= 0 { break }
        }
    }
}
