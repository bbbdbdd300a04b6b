/// Reads an image's type and size without decoding its pixels: the first check of an upload.
///
/// Order, cheapest first: the byte limit (413), the magic bytes (415), then the header through
/// the format's own library (422 when it is truncated or corrupt), then the pixel limit on the
/// header's width × height (422) — so a 30,000 × 30,000 header in a 1 KB file costs a header
/// read — and, for GIF and WebP, the frame count (422), counted without decoding a frame.
public enum ImageProbe {
    public static func probe(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageHeader {
        let type = try sniff(bytes, limits: limits)
        let header: ImageHeader
        switch type {
        case .png: header = try LibraryImageReader.png.header(bytes, limits: limits)
        case .jpeg: header = try LibraryImageReader.jpeg.header(bytes, limits: limits)
        case .webp: header = try WebPReader.header(bytes, limits: limits)
        case .gif: header = try GIFReader.read(bytes, limits: limits, decodeFirstFrame: false).header
        }
        guard header.width > 0, header.height > 0 else {
            throw .unprocessable("the image is \(header.width) × \(header.height): it has no pixels")
        }
        return header
    }

    /// The byte limit, then the type from the magic bytes.
    static func sniff(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageType {
        guard !bytes.isEmpty else { throw .unprocessable("the image is empty (0 bytes)") }
        guard bytes.count <= limits.maxBytes else {
            throw ImageError(
                status: 413, message: "the image is \(bytes.count) bytes, over the limit of \(limits.maxBytes)")
        }
        guard let type = ImageType(magic: bytes) else {
            throw ImageError(status: 415, message: unknownTypeMessage(bytes))
        }
        return type
    }

    /// Names markup (HTML, SVG, XML) as such: it is never stored, so never served as a page.
    static func unknownTypeMessage(_ bytes: [UInt8]) -> String {
        let start = bytes.prefix(512).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF }
        let accepted = "only PNG, JPEG, WebP and GIF are accepted (recognised by their first bytes)"
        if start.first == UInt8(ascii: "<") {
            return "the body is markup (HTML, SVG or XML), not an image: \(accepted)"
        }
        return "the body is not a known image type: \(accepted)"
    }
}
