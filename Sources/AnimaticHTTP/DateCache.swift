import Glibc
import Synchronization

/// The `Date` header value (IMF-fixdate, RFC 9110 §5.6.7), formatted at most once per second.
final class DateCache: Sendable {
    private let cache = Mutex<(second: Int, value: String)>((-1, ""))

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    func current() -> String {
        let now = time(nil)
        return cache.withLock { entry in
            if entry.second == now { return entry.value }
            let value = Self.format(now)
            entry = (now, value)
            return value
        }
    }

    /// "Sun, 06 Nov 1994 08:49:37 GMT"
    static func format(_ t: time_t) -> String {
        var t = t
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
