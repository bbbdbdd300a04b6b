import CVPX

/// One VP9 stream from libvpx (Debian libvpx-dev, BSD-3-Clause): I420 pictures in,
/// compressed frames out, one per picture.
///
/// Settings, and why (libvpx vpx_encoder.h and vp8cx.h document each):
/// - Profile 0 (8-bit 4:2:0), constant quality (`VPX_Q`, cq-level `quality`, default 20),
///   no lag (`g_lag_in_frames` 0: a frame out for every frame in, no hidden alt-ref
///   frames), no frame dropping, one thread, screen-content tuning, speed 6 ("good"
///   deadline), a key frame at least every two seconds.
/// - Colour: BT.709, studio (limited) range, written into the VP9 frame headers.
final class VP9Session {
    let width: Int
    let height: Int
    /// Heap-allocated so that libvpx always sees the same addresses.
    private let context = UnsafeMutablePointer<vpx_codec_ctx_t>.allocate(capacity: 1)
    private let image = UnsafeMutablePointer<vpx_image_t>.allocate(capacity: 1)

    init(width: Int, height: Int, fps: Int, quality: Int = 20) throws {
        self.width = width
        self.height = height
        context.initialize(to: vpx_codec_ctx_t())
        image.initialize(to: vpx_image_t())
        var config = vpx_codec_enc_cfg_t()
        // A throw from here on still runs deinit (every stored property is set), which
        // frees what was made; libvpx's destroy and free accept the zeroed structs.
        try Self.check(animatic_vpx_enc_config_default(&config), "vpx_codec_enc_config_default")
        config.g_w = UInt32(width)
        config.g_h = UInt32(height)
        config.g_timebase = vpx_rational(num: 1, den: 1000)
        config.g_threads = 1
        config.g_lag_in_frames = 0
        config.g_profile = 0
        config.g_pass = VPX_RC_ONE_PASS
        config.rc_end_usage = VPX_Q
        config.rc_min_quantizer = 0
        config.rc_max_quantizer = 63
        config.rc_dropframe_thresh = 0
        config.kf_mode = VPX_KF_AUTO
        config.kf_max_dist = UInt32(max(fps * 2, 1))
        try Self.check(animatic_vpx_enc_init(context, &config), "vpx_codec_enc_init")
        try control(VP8E_SET_CQ_LEVEL.rawValue, Int32(quality))
        try control(VP8E_SET_CPUUSED.rawValue, 6)
        try control(VP9E_SET_TUNE_CONTENT.rawValue, Int32(VP9E_CONTENT_SCREEN.rawValue))
        try control(VP9E_SET_COLOR_SPACE.rawValue, Int32(VPX_CS_BT_709.rawValue))
        try control(VP9E_SET_COLOR_RANGE.rawValue, Int32(VPX_CR_STUDIO_RANGE.rawValue))
        guard vpx_img_alloc(image, VPX_IMG_FMT_I420, UInt32(width), UInt32(height), 1) != nil else {
            throw RasterEncodingError.library(name: "libvpx", message: "vpx_img_alloc failed")
        }
        image.pointee.cs = VPX_CS_BT_709
        image.pointee.range = VPX_CR_STUDIO_RANGE
    }

    deinit {
        vpx_img_free(image)
        vpx_codec_destroy(context)
        context.deallocate()
        image.deallocate()
    }

    /// Encodes `picture` shown at `timestamp` for `duration` (milliseconds); nil `picture`
    /// flushes. Returns the compressed frames that came out, with their key-frame flag.
    func encode(_ picture: YCbCrFrame?, timestamp: Int, duration: Int) throws -> [(data: [UInt8], isKey: Bool)] {
        if let picture {
            copyPlanes(picture)
            try Self.check(
                vpx_codec_encode(
                    context, image, vpx_codec_pts_t(timestamp), UInt(max(duration, 1)), 0, UInt(VPX_DL_GOOD_QUALITY)),
                "vpx_codec_encode")
        } else {
            try Self.check(vpx_codec_encode(context, nil, 0, 0, 0, UInt(VPX_DL_GOOD_QUALITY)), "vpx_codec_encode")
        }
        var out: [(data: [UInt8], isKey: Bool)] = []
        var iterator: vpx_codec_iter_t?
        while let packet = vpx_codec_get_cx_data(context, &iterator) {
            guard packet.pointee.kind == VPX_CODEC_CX_FRAME_PKT else { continue }
            let frame = packet.pointee.data.frame
            let data = UnsafeRawBufferPointer(start: frame.buf, count: frame.sz)
            out.append((Array(data), frame.flags & UInt32(VPX_FRAME_IS_KEY) != 0))
        }
        return out
    }

    private func copyPlanes(_ picture: YCbCrFrame) {
        let planes = [
            (picture.luma, width, height), (picture.cb, picture.chromaWidth, picture.chromaHeight),
            (picture.cr, picture.chromaWidth, picture.chromaHeight),
        ]
        let destinations = [image.pointee.planes.0, image.pointee.planes.1, image.pointee.planes.2]
        let strides = [Int(image.pointee.stride.0), Int(image.pointee.stride.1), Int(image.pointee.stride.2)]
        for (index, (plane, planeWidth, planeHeight)) in planes.enumerated() {
            guard let destination = destinations[index] else { continue }
            plane.withUnsafeBufferPointer { source in
                for row in 0..<planeHeight {
                    (destination + row * strides[index]).update(
                        from: source.baseAddress! + row * planeWidth, count: planeWidth)
                }
            }
        }
    }

    private func control(_ id: UInt32, _ value: Int32) throws {
        try Self.check(animatic_vpx_control_int(context, Int32(id), value), "vpx_codec_control(\(id))")
    }

    private static func check(_ status: vpx_codec_err_t, _ what: String) throws {
        guard status == VPX_CODEC_OK else {
            throw RasterEncodingError.library(
                name: "libvpx", message: "\(what): \(String(cString: vpx_codec_err_to_string(status)))")
        }
    }
}
