import Synchronization

/// Request ids: a random per-server prefix and a counter ("3f9a1c-42"), unless the
/// client sent a usable `X-Request-ID` (1–128 visible ASCII characters).
final class RequestIDGenerator: Sendable {
    private let prefix: String
    private let counter = Atomic<Int>(0)

    init() {
        var generator = SystemRandomNumberGenerator()
        let r = UInt32.random(in: 0...UInt32.max, using: &generator)
        prefix = String(r, radix: 16)
    }

    func next(for headers: HTTPHeaders) -> String {
        if let given = headers["X-Request-ID"], !given.isEmpty, given.utf8.count <= 128,
            given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        {
            return given
        }
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return "\(prefix)-\(n)"
    }
}
