import Foundation

/// The heap setting of a process that renders once and exits (`animatic render`).
///
/// glibc gives large freed blocks back to the kernel: a block over the mmap threshold is
/// unmapped when freed, and the heap's top is trimmed past the trim threshold. A raster
/// render frees and allocates frame-sized buffers every frame (ours, and libwebp's canvases
/// and candidate buffers), so each frame faulted its pages in afresh and the kernel zeroed
/// them: on the 20-layer WebP, 38,846 page faults and 0.15 s of system time in a 0.95 s
/// render (docs/BENCHMARKS.md, "A one-shot render keeps its heap"). A process that exits
/// after one render has no reason to give memory back, so it keeps freed blocks for reuse:
/// every block under 32 MiB (glibc's largest mmap threshold on 64-bit; a @3x frame is
/// 11.8 MB) comes from the heap, and the heap is not trimmed below 128 MiB. The peak grows
/// by what glibc no longer returns mid-run (51.8 → 54.3 MB there).
///
/// The server does not do this: it lives on, and gives memory back after large renders
/// (`MemoryTrim`).
enum OneShotHeap {
    /// Applies the setting; does nothing under a libc without `mallopt` (musl).
    static func keepFreedBlocks() {
        guard let mallopt else { return }
        _ = mallopt(mmapThresholdParameter, 32 << 20)
        _ = mallopt(trimThresholdParameter, 128 << 20)
    }

    /// `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD` of glibc's malloc.h.
    private static let trimThresholdParameter: Int32 = -1
    private static let mmapThresholdParameter: Int32 = -3

    /// glibc's `mallopt` (malloc.h is not part of Swift's Glibc module), looked up by name.
    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()
}
