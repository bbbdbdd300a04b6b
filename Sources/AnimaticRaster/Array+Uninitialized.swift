extension Array where Element: BitwiseCopyable {
    /// `count` elements left as the allocator gives them, for a buffer every element of
    /// which is written before it is read: zeroing it first was a pass over every byte of
    /// an APNG frame, twice (docs/BENCHMARKS.md, "The APNG's buffers and zlib's stream"); a GIF
    /// frame's pixel numbers are made the same way.
    static func uninitialized(count: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
}
