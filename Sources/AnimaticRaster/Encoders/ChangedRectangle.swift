#if canImport(Glibc)
import Glibc
#endif

/// The rectangle of a frame that differs from the frame before it.
///
/// Every animated-image encoder (APNG, GIF) stores the first frame whole and then only
/// this rectangle of each later frame; a transition usually moves one view, so most of the
/// screen is unchanged. Pixels are compared as 32-bit words (one RGBA pixel), whole rows
/// first (`memcmp`), so an unchanged frame costs one pass over memory.
enum ChangedRectangle {
    /// The bounding box of the pixels where `current` differs from `previous`, or nil when
    /// the frames are identical. Both hold `width * height` pixels of the same layout.
    static func between(_ previous: [UInt32], _ current: [UInt32], width: Int, height: Int) -> PixelRect? {
        precondition(previous.count == width * height && current.count == width * height)
        return previous.withUnsafeBufferPointer { old in
            current.withUnsafeBufferPointer { new in
                let rowBytes = width * 4
                func rowDiffers(_ y: Int) -> Bool {
                    memcmp(old.baseAddress! + y * width, new.baseAddress! + y * width, rowBytes) != 0
                }
                var top = 0
                while top < height && !rowDiffers(top) { top += 1 }
                if top == height { return nil }
                var bottom = height - 1
                while bottom > top && !rowDiffers(bottom) { bottom -= 1 }
                var left = width
                var right = -1
                for y in top...bottom {
                    let row = y * width
                    var x = 0
                    while x < left && old[row + x] == new[row + x] { x += 1 }
                    if x < left { left = x }
                    var r = width - 1
                    while r > right && old[row + r] == new[row + r] { r -= 1 }
                    if r > right { right = r }
                }
                return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }
}
