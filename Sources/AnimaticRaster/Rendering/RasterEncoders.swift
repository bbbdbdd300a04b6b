import AnimaticRender

/// The animation encoder of each animated raster format, made for one render's size, frame
/// rate, loop, dithering and output limit.
enum RasterEncoders {
    /// Whether the MP4 encoder is compiled in: `ANIMATIC_NO_MP4=1 swift build` leaves
    /// OpenH264 out (Package.swift; docs/DEPLOY.md, "MP4 and OpenH264").
    static var hasMP4: Bool {
        #if ANIMATIC_NO_MP4
        return false
        #else
        return true
        #endif
    }

    /// A fresh encoder of `format` (an animated raster format available in this build).
    static func make(
        _ format: OutputFormat, width: Int, height: Int, fps: Int, loop: Bool, dither: ImageOptions.Dither,
        byteLimit: Int
    ) throws -> any AnimationEncoder {
        switch format {
        case .apng: return try APNGEncoder(width: width, height: height, loop: loop, byteLimit: byteLimit)
        case .gif:
            return try GIFEncoder(
                width: width, height: height, loop: loop, byteLimit: byteLimit,
                dither: dither == .ordered ? .ordered : .none)
        default:
            throw RasterEncodingError.invalidParameter("\(format.rawValue) is not an animated raster format here")
        }
    }
}
