/// Frame delays in a format's whole units (GIF's centiseconds, WebP's and WebM's
/// milliseconds, MP4's timescale ticks) that add up to the exact duration.
///
/// Rounding each delay on its own lets the error grow with the frame count (30 fps in
/// centiseconds: 3.33 cs written as 3, 10 % short after a second). Instead the exact end time
/// of every frame is accumulated and rounded, and a delay is the difference of two rounded
/// ends, so the end of every frame, and the total, is within half a unit of the exact time.
struct CumulativeTicks {
    /// Units per second (100 for centiseconds).
    let ticksPerSecond: Double
    private var exactEnd: Double = 0
    private var roundedEnd: Int = 0

    init(ticksPerSecond: Double) {
        self.ticksPerSecond = ticksPerSecond
    }

    /// The start of the next frame, in units.
    var elapsedTicks: Int { roundedEnd }

    /// The delay, in units, of the next frame lasting `duration` seconds.
    mutating func ticks(for duration: Double) -> Int {
        exactEnd += duration
        let end = Int((exactEnd * ticksPerSecond).rounded())
        defer { roundedEnd = end }
        return end - roundedEnd
    }
}
