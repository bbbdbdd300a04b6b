import AnimaticHTTP
import Foundation
import Synchronization

/// Counters and a latency histogram in the Prometheus text format (version 0.0.4),
/// served at `/metrics`. Thread-safe.
public final class Metrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    public static let latencyBuckets: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
    ]

    private struct Histogram {
        var counts = [Int](repeating: 0, count: Metrics.latencyBuckets.count)
        var sum = 0.0
        var count = 0
    }

    private struct Counts {
        var requests: [String: Int] = [:]  // "route\u{0}method\u{0}status"
        var latency: [String: Histogram] = [:]  // by route
        var cacheHits = 0
        var cacheMisses = 0
        var notModified = 0
        var cancelled = 0
    }

    private let counts = Mutex(Counts())

    public init() {}

    public func record(route: String, method: HTTPMethod, status: HTTPStatus, seconds: Double) {
        counts.withLock { c in
            c.requests["\(route)\u{0}\(method)\u{0}\(status)", default: 0] += 1
            var h = c.latency[route] ?? Histogram()
            for (i, bound) in Self.latencyBuckets.enumerated() where seconds <= bound { h.counts[i] += 1 }
            h.sum += seconds
            h.count += 1
            c.latency[route] = h
            if status == .notModified { c.notModified += 1 }
        }
    }

    public func recordCache(hit: Bool) {
        counts.withLock { c in if hit { c.cacheHits += 1 } else { c.cacheMisses += 1 } }
    }

    public var cacheHitCount: Int { counts.withLock { $0.cacheHits } }

    public func recordCancelled() {
        counts.withLock { $0.cancelled += 1 }
    }

    public var cancelledCount: Int { counts.withLock { $0.cancelled } }

    /// The exposition text; `gauges` adds current values (open connections, cache size…).
    public func exposition(
        gauges: [(name: String, help: String, value: Double)],
        counters: [(name: String, help: String, value: Double)] = []
    ) -> String {
        let snapshot = counts.withLock { $0 }
        let requests = snapshot.requests, latency = snapshot.latency
        let hits = snapshot.cacheHits, misses = snapshot.cacheMisses, notModified = snapshot.notModified

        var out = ""
        out += "# HELP animatic_http_requests_total Requests answered, by route, method and status.\n"
        out += "# TYPE animatic_http_requests_total counter\n"
        for key in requests.keys.sorted() {
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
            out +=
                "animatic_http_requests_total{route=\"\(Self.escape(parts[0]))\",method=\"\(parts[1])\",status=\"\(parts[2])\"} \(requests[key]!)\n"
        }
        out += "# HELP animatic_http_request_duration_seconds Time from a parsed request to its response, by route.\n"
        out += "# TYPE animatic_http_request_duration_seconds histogram\n"
        for route in latency.keys.sorted() {
            let h = latency[route]!
            let label = Self.escape(Substring(route))
            for (i, bound) in Self.latencyBuckets.enumerated() {
                out +=
                    "animatic_http_request_duration_seconds_bucket{route=\"\(label)\",le=\"\(bound)\"} \(h.counts[i])\n"
            }
            out += "animatic_http_request_duration_seconds_bucket{route=\"\(label)\",le=\"+Inf\"} \(h.count)\n"
            out += "animatic_http_request_duration_seconds_sum{route=\"\(label)\"} \(h.sum)\n"
            out += "animatic_http_request_duration_seconds_count{route=\"\(label)\"} \(h.count)\n"
        }
        out += "# HELP animatic_cache_hits_total Timeline responses served from the response cache.\n"
        out += "# TYPE animatic_cache_hits_total counter\nanimatic_cache_hits_total \(hits)\n"
        out += "# HELP animatic_cache_misses_total Timeline responses computed.\n"
        out += "# TYPE animatic_cache_misses_total counter\nanimatic_cache_misses_total \(misses)\n"
        out += "# HELP animatic_not_modified_total Conditional requests answered 304.\n"
        out += "# TYPE animatic_not_modified_total counter\nanimatic_not_modified_total \(notModified)\n"
        for counter in counters {
            out +=
                "# HELP \(counter.name) \(counter.help)\n# TYPE \(counter.name) counter\n\(counter.name) \(Self.format(counter.value))\n"
        }
        for gauge in gauges {
            out +=
                "# HELP \(gauge.name) \(gauge.help)\n# TYPE \(gauge.name) gauge\n\(gauge.name) \(Self.format(gauge.value))\n"
        }
        return out
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    private static func escape(_ s: Substring) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
