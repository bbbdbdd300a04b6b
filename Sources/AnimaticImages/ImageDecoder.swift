/// Decodes an uploaded image into pixels ready to draw (`DecodedImage`): sRGB, premultiplied,
/// upright (a JPEG's or a PNG's EXIF orientation applied). GIF and WebP animations give their
/// first frame.
///
/// Every check of `ImageProbe` runs first (byte, type, header, pixel and frame limits), so a
/// refused image costs no decoding; the decoding itself is the format's library's.
public enum ImageDecoder {
    public static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> DecodedImage {
        let header = try ImageProbe.probe(bytes, limits: limits)
        var rgba: [UInt8]
        var width = header.width
        var height = header.height
        var orientation = ExifOrientation.up
        switch header.type {
        case .png, .jpeg:
            let reader: LibraryImageReader = header.type == .png ? .png : .jpeg
            let raw = try reader.read(bytes, limits: limits, headerOnly: false)
            rgba = raw.rgba
            width = raw.width
            height = raw.height
            orientation = raw.orientation
            if let icc = raw.icc { ColorProfileConversion.convertToSRGB(&rgba, profile: icc) }
        case .webp:
            let raw = try WebPReader.decode(bytes, limits: limits)
            rgba = raw.rgba
            if let icc = raw.icc { ColorProfileConversion.convertToSRGB(&rgba, profile: icc) }
        case .gif:
            // GIF has no colour profile: its palette is taken as sRGB, as browsers do.
            guard let frame = try GIFReader.read(bytes, limits: limits, decodeFirstFrame: true).rgba else {
                throw .corrupt(.gif, "no first frame")
            }
            rgba = frame
        }
        let pixels = premultipliedPixels(rgba, count: width * height)
        let upright = orientation.apply(pixels, width: width, height: height)
        let size = orientation.displayedSize(width: width, height: height)
        return DecodedImage(width: size.width, height: size.height, pixels: upright)
    }

    /// Every check of `decode` — the probe's limits, then the whole image through its library,
    /// so a truncated or corrupt file is refused — without keeping the pixels: no colour
    /// conversion, no premultiplied or turned copies. For an upload, whose pixels are drawn
    /// later: its peak memory is the library's one RGBA buffer (4 bytes a pixel).
    public static func validate(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageHeader {
        let header = try ImageProbe.probe(bytes, limits: limits)
        switch header.type {
        case .png: _ = try LibraryImageReader.png.read(bytes, limits: limits, headerOnly: false, keepPixels: false)
        case .jpeg: _ = try LibraryImageReader.jpeg.read(bytes, limits: limits, headerOnly: false, keepPixels: false)
        case .webp: _ = try WebPReader.decode(bytes, limits: limits, keepPixels: false)
        case .gif: _ = try GIFReader.read(bytes, limits: limits, decodeFirstFrame: true)
        }
        return header
    }

    /// Straight RGBA8 bytes → premultiplied pixels, each value's memory bytes R, G, B, A.
    /// Rounded to nearest: c × a / 255, as Core Graphics and Cairo premultiply.
    static func premultipliedPixels(_ rgba: [UInt8], count: Int) -> [UInt32] {
        precondition(rgba.count == count * 4)
        var pixels = [UInt32](repeating: 0, count: count)
        for i in 0..<count {
            let a = UInt32(rgba[i * 4 + 3])
            var value = a << 24
            for c in 0..<3 {
                let channel = UInt32(rgba[i * 4 + c])
                value |= (a == 255 ? channel : (channel * a + 127) / 255) << (8 * c)
            }
            pixels[i] = UInt32(littleEndian: value)  // memory bytes R, G, B, A on any machine
        }
        return pixels
    }
}
