import AnimaticHTTP
import AnimaticRaster
import AnimaticRender

/// Chooses an output format from `Accept` (RFC 9110 §12.5.1): the acceptable media
/// range with the highest q-value and most specific match wins; ties go to the order of
/// `OutputFormat.allCases` (JSON first). No `Accept` means anything.
enum MediaNegotiation {
    struct Range {
        var type: Substring
        var subtype: Substring
        var q: Double
    }

    static func ranges(_ headers: HTTPHeaders) -> [Range] {
        headers.listValues("Accept").compactMap { member -> Range? in
            let parts = member.split(separator: ";")
            let mediaType = parts[0].trimmingCharacters(in: " \t").lowercased()
            let halves = mediaType.split(separator: "/", maxSplits: 1)
            guard halves.count == 2 else { return nil }
            var q = 1.0
            for parameter in parts.dropFirst() {
                let p = parameter.trimmingCharacters(in: " \t").lowercased()
                if p.hasPrefix("q=") { q = Double(p.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0 }
            }
            return Range(type: Substring(halves[0]), subtype: Substring(halves[1]), q: q)
        }
    }

    /// The format to send, or nil when the client accepts none of them (406).
    static func format(for headers: HTTPHeaders) -> OutputFormat? {
        let ranges = ranges(headers)
        if ranges.isEmpty { return .json }
        var best: (format: OutputFormat, q: Double)?
        for format in OutputFormat.negotiable {
            let parts = format.mediaType.split(separator: "/")
            let (type, subtype) = (parts[0], parts[1])
            // The most specific range that matches decides this format's q.
            var q: Double?
            var specificity = -1
            for r in ranges {
                let s: Int
                if r.type == type && r.subtype == subtype {
                    s = 2
                } else if r.type == type && r.subtype == "*" {
                    s = 1
                } else if r.type == "*" && r.subtype == "*" {
                    s = 0
                } else {
                    continue
                }
                if s > specificity { specificity = s; q = r.q }
            }
            if let q, q > 0, q > (best?.q ?? 0) { best = (format, q) }
        }
        return best?.format
    }
}

extension OutputFormat {
    /// Formats that `Accept` can select, in preference order. Formats sharing a media
    /// type with an earlier one (a filmstrip is SVG too) are chosen with `?format=` only;
    /// a format this build leaves out (MP4 without OpenH264) is not offered.
    static var negotiable: [OutputFormat] {
        var seen = Set<String>()
        return TimelineEncoding.availableFormats.filter { seen.insert($0.mediaType).inserted }
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
