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

    /// Whether this build has an encoder for `format` (a raster format): all of them, but
    /// MP4 only with OpenH264.
    static func supports(_ format: OutputFormat) -> Bool {
        format != .mp4 || hasMP4
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
        case .webp: return try WebPEncoder(width: width, height: height, loop: loop, byteLimit: byteLimit)
        case .webm: return try WebMEncoder(width: width, height: height, fps: fps, byteLimit: byteLimit)
        case .mp4:
            #if ANIMATIC_NO_MP4
            throw RasterEncodingError.invalidParameter("mp4 is left out of this build")
            #else
            return try MP4Encoder(width: width, height: height, fps: fps, byteLimit: byteLimit)
            #endif
        default:
            throw RasterEncodingError.invalidParameter("\(format.rawValue) has no encoder in this build")
        }
    }
}
