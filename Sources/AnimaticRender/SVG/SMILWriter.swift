import AnimaticCore

/// Writes channels as SMIL animation elements over one timeline.
struct SMILWriter {
    let duration: Double
    let loop: Bool

    /// `<animate>` (or `<animateTransform type=…>`) of `attribute` along `channel`; nothing
    /// when the channel is constant or the timeline has no duration.
    func animate(
        _ attribute: StaticString, _ channel: Channel, transform type: StaticString? = nil,
        into w: inout MarkupWriter, value: (inout MarkupWriter, Channel.KeyNumbers) -> Void
    ) {
        guard duration > 0, !channel.isConstant else { return }
        if let type {
            w.raw("<animateTransform attributeName=\""); w.raw(attribute); w.raw("\" type=\""); w.raw(type); w.raw("\"")
        } else {
            w.raw("<animate attributeName=\""); w.raw(attribute); w.raw("\"")
        }
        w.raw(" begin=\"0s\" dur=\""); w.number(duration, digits: 6); w.raw("s\"")
        w.raw(
            channel.discrete
                ? " calcMode=\"discrete\"" : channel.hasSplines ? " calcMode=\"spline\"" : " calcMode=\"linear\"")
        w.raw(" keyTimes=\"")
        for (k, t) in channel.times.enumerated() {
            if k > 0 { w.raw(UInt8(ascii: ";")) }
            if channel.discrete {
                // A change shows from its key time on, so its key time goes a hair early:
                // a seek to the change's exact time must never land just before it.
                // Chromium takes `setCurrentTime` as a 32-bit float and keeps whole
                // microseconds, so a seek to t can land up to 1 µs + t × 2⁻²⁴ early
                // (0.35 s lands at 0.349999 s); the hair covers twice that.
                let hair = 2e-6 + 1.2e-7 * t
                w.number(k == 0 ? 0 : max((min((t - hair) / duration, 1) * 1e6).rounded(.down) / 1e6, 0), digits: 6)
            } else {
                w.number(k == channel.times.count - 1 ? 1 : min(t / duration, 1), digits: 6)
            }
        }
        w.raw("\" values=\"")
        channel.forEachKey { k, key in
            // Over the render's budget: stop, the output is refused (`RenderBudget`).
            if w.isOverBudget { return false }
            if k > 0 { w.raw(UInt8(ascii: ";")) }
            value(&w, key)
            return true
        }
        w.raw("\"")
        if channel.hasSplines && !channel.discrete {
            w.raw(" keySplines=\"")
            for (k, s) in channel.splines.enumerated() {
                if k > 0 { w.raw(";") }
                let c = s ?? .linear
                w.number(c.x1, digits: 6); w.raw(" "); w.number(c.y1, digits: 6); w.raw(" ")
                w.number(c.x2, digits: 6); w.raw(" "); w.number(c.y2, digits: 6)
            }
            w.raw("\"")
        }
        w.raw(loop ? " repeatCount=\"indefinite\"/>" : " fill=\"freeze\"/>")
    }

    static func number(_ digits: Int) -> (inout MarkupWriter, Channel.KeyNumbers) -> Void {
        { w, v in w.number(v[0], digits: digits) }
    }

    /// One number with 4 decimals.
    static func number4(_ w: inout MarkupWriter, _ v: Channel.KeyNumbers) { w.number4(v[0]) }

    static func pair(_ digits: Int) -> (inout MarkupWriter, Channel.KeyNumbers) -> Void {
        { w, v in
            w.number(v[0], digits: digits); w.raw(UInt8(ascii: ",")); w.number(v[1], digits: digits)
        }
    }

    static func rgb(_ w: inout MarkupWriter, _ v: Channel.KeyNumbers) {
        w.rgb(Color(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
    }

    static func visibility(_ w: inout MarkupWriter, _ v: Channel.KeyNumbers) {
        w.raw(v[0] > 0.5 ? "visible" : "hidden")
    }

    /// Key `k` of `channel` written by `value` (a first value as an attribute).
    static func key(
        _ k: Int, of channel: Channel, into w: inout MarkupWriter,
        value: (inout MarkupWriter, Channel.KeyNumbers) -> Void
    ) {
        channel.withKey(k) { value(&w, $0) }
    }

    /// Polygon points from x, y pairs.
    static func points(_ w: inout MarkupWriter, _ v: Channel.KeyNumbers) {
        for k in 0..<(v.count / 2) {
            if k > 0 { w.raw(UInt8(ascii: " ")) }
            w.number4(v[2 * k]); w.raw(UInt8(ascii: ",")); w.number4(v[2 * k + 1])
        }
    }
}
