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
/// The heap also grows in steps of 64 MiB, and the first step is backed by transparent huge
/// pages where the kernel offers them (`madvise(MADV_HUGEPAGE)`, what glibc's own
/// `glibc.malloc.hugetlb=1` tunable does): a 2 MiB page is faulted in once where 512 pages
/// were, so the kernel's share of a render falls (fold APNG @1x: 6,801 → about 1,700 faults,
/// system time 32–39 → 22–23 ms; docs/BENCHMARKS.md, "Straight alpha from a table; huge pages
/// for a one-shot render"). Where huge pages are off (`never`), the advice does nothing.
///
/// The server does not do this: it lives on, and gives memory back after large renders
/// (`MemoryTrim`).
enum OneShotHeap {
    /// Applies the setting; does nothing under a libc without `mallopt` (musl).
    static func keepFreedBlocks() {
        guard let mallopt else { return }
        _ = mallopt(mmapThresholdParameter, 32 << 20)
        _ = mallopt(trimThresholdParameter, 128 << 20)
        _ = mallopt(topPadParameter, Int32(heapStep))
        adviseHugePages()
    }

    /// How much the heap grows by when it runs out (glibc's default pad is 128 KiB).
    static let heapStep = 64 << 20

    /// Makes the heap grow by `heapStep` now (one block of 1 MiB, more than the top of a
    /// fresh heap holds), and advises huge pages over the whole 2 MiB pages of what it grew
    /// by. A later growth is a mapping of its own, without the advice: past the first 64 MiB
    /// pages are faulted in one by one as before (the fold's GIF @2x, 88 MB at its peak with
    /// the program's own pages, grows the heap once).
    private static func adviseHugePages() {
        let hugePage: UInt = 2 << 20
        let before = UInt(bitPattern: sbrk(0))
        // Through the looked-up pointer: a `malloc` whose block is only freed is removed by
        // the optimiser, and the heap would not grow here.
        guard let malloc = unelidedMalloc, let block = malloc(1 << 20) else { return }
        let after = UInt(bitPattern: sbrk(0))
        free(block)
        let start = (before + hugePage - 1) & ~(hugePage - 1), end = after & ~(hugePage - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), hugePageAdvice)
    }

    /// `M_TRIM_THRESHOLD`, `M_TOP_PAD` and `M_MMAP_THRESHOLD` of glibc's malloc.h.
    private static let trimThresholdParameter: Int32 = -1
    private static let topPadParameter: Int32 = -2
    private static let mmapThresholdParameter: Int32 = -3
    /// `MADV_HUGEPAGE` of Linux's mman.h (not imported into Swift's Glibc module).
    private static let hugePageAdvice: Int32 = 14

    /// `malloc`, looked up by name.
    private static let unelidedMalloc = libc("malloc", as: (@convention(c) (Int) -> UnsafeMutableRawPointer?).self)

    /// glibc's `mallopt` (malloc.h is not part of Swift's Glibc module), looked up by name.
    private static let mallopt = libc("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)

    /// The C function `name` of the loaded libc, as `type`; nil where there is none.
    private static func libc<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
