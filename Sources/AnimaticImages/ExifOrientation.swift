/// The EXIF Orientation tag (0x0112; EXIF 2.32 §4.6.4 A, TIFF 6.0): how the stored pixels must
/// be turned to show the picture upright. Cameras store a portrait photo as landscape pixels
/// with 6 (turn 90° clockwise); browsers and UIImage apply it, and so do we.
///
/// Read from a JPEG's APP1 segment and a PNG's eXIf chunk (before IDAT), the two Chromium
/// honours; a WebP's EXIF chunk is not read, as Chromium does not apply it (docs/FORMATS.md,
/// "EXIF orientation", measured in Tests/python/test_image_orientation.py).
enum ExifOrientation: Int, Sendable {
    case up = 1, mirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// The tag read from an Exif payload that starts with its TIFF header, then IFD0: a JPEG
    /// APP1 segment after its "Exif\0\0", a PNG eXIf chunk as it is. `.up` when absent or
    /// malformed — a payload that is not a TIFF header (a PNG eXIf that keeps "Exif\0\0"),
    /// one cut short, a value outside 1…8 or not a SHORT — as Chromium ignores each of these.
    /// The work is bounded by IFD0's entry count (at most 65,535 entries of 12 bytes).
    init(exif: [UInt8]) {
        self = ExifOrientation.read(exif) ?? .up
    }

    private static func read(_ tiff: [UInt8]) -> ExifOrientation? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = Int(tiff[at])
            let b = Int(tiff[at + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            // Tag 0x0112, type SHORT (3), count 1: the value sits in the entry's first two bytes.
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8) {
                return ExifOrientation(rawValue: value)
            }
        }
        return nil
    }

    /// Orientations 5–8 turn the picture a quarter: width and height swap.
    var swapsAxes: Bool { rawValue >= 5 }

    func displayedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The stored pixel shown at displayed (x, y), for a stored image of width × height.
    func source(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .mirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, height - 1 - x)
        case .rightMirrored: (width - 1 - y, height - 1 - x)
        case .left: (width - 1 - y, x)
        }
    }

    /// `pixels` (stored order, width × height) turned upright.
    func apply(_ pixels: [UInt32], width: Int, height: Int) -> [UInt32] {
        guard self != .up else { return pixels }
        let size = displayedSize(width: width, height: height)
        var out = [UInt32](repeating: 0, count: pixels.count)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let from = source(x: x, y: y, width: width, height: height)
                out[y * size.width + x] = pixels[from.y * width + from.x]
            }
        }
        return out
    }
}
