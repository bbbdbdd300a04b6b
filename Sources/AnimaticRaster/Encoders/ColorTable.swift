/// An integer for each colour of a frame — its number in the GIF's counting pass
/// (`GIFEncoder.indexedImage`), its palette index (`ColorPalette`), or a count
/// (`WebPEncoder.hasManyColors`): an open-addressing hash table of non-zero words (the word
/// 0 marks an empty slot) with linear probing.
///
/// Why not a `Dictionary`: both tables are looked up once per run of equal pixels, up to a
/// few hundred thousand times a frame, and a `Dictionary` hashes each key with SipHash:
/// `Hasher` and the dictionary's probing were 14 % of a fold GIF's whole render under `perf`
/// (docs/BENCHMARKS.md, "Raster formats"). A multiplicative (Fibonacci) hash of the word
/// suffices: the table's size is bounded by the frame's pixels, so even keys that collide
/// cost time bounded by the frame, as every other step of its encoding does.
struct ColorTable {
    private var keys: [UInt32]
    private var values: [Int]
    private var shift: UInt32
    /// Distinct colours held.
    private(set) var count = 0

    init(capacity: Int = 512) {
        var bits: UInt32 = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        keys = [UInt32](repeating: 0, count: 1 << bits)
        values = [Int](repeating: 0, count: 1 << bits)
        shift = 32 - bits
    }

    /// The slot holding `color`, or the empty slot where it would go.
    @inline(__always)
    private func slot(of color: UInt32) -> Int {
        let mask = keys.count - 1
        var slot = Int((color &* 0x9E37_79B1) >> shift)
        while keys[slot] != color && keys[slot] != 0 { slot = (slot + 1) & mask }
        return slot
    }

    /// The value of `color` (an opaque word, never 0), nil when it has none.
    @inline(__always)
    func value(of color: UInt32) -> Int? {
        let slot = slot(of: color)
        return keys[slot] == 0 ? nil : values[slot]
    }

    /// Adds `n` to the value of `color` (0 when it had none).
    @inline(__always)
    mutating func add(_ n: Int, to color: UInt32) {
        let slot = slot(of: color)
        if keys[slot] != 0 {
            values[slot] += n
        } else {
            insert(color, n, at: slot)
        }
    }

    /// Sets the value of `color`.
    mutating func set(_ value: Int, for color: UInt32) {
        let slot = slot(of: color)
        if keys[slot] != 0 {
            values[slot] = value
        } else {
            insert(color, value, at: slot)
        }
    }

    private mutating func insert(_ color: UInt32, _ value: Int, at slot: Int) {
        keys[slot] = color
        values[slot] = value
        count += 1
        guard count * 2 > keys.count else { return }
        // Over half full: twice the slots, every entry placed again.
        var grown = ColorTable(capacity: keys.count)
        for old in keys.indices where keys[old] != 0 { grown.set(values[old], for: keys[old]) }
        self = grown
    }
}
