#if !ANIMATIC_NO_MP4
import COpenH264

/// One H.264 stream from OpenH264 (Cisco; Debian libopenh264-dev, BSD-2-Clause source):
/// I420 pictures in, NAL units out.
///
/// Settings, and why (OpenH264's codec_app_def.h documents each field):
/// - `SCREEN_CONTENT_REAL_TIME`: tuned for synthetic pictures (flat areas, sharp edges).
/// - Constant quantiser (`RC_OFF_MODE`, QP `quantizer`, default 24): a transition is short,
///   so a fixed quality is simpler than a bitrate; QP 24 keeps flat UI at ≥ 40 dB PSNR (the
///   tests hold ≥ 35 dB).
/// - No frame skipping (every frame must be there), one thread (the service runs many
///   requests on few cores), CAVLC (Constrained Baseline, what OpenH264 writes), an IDR
///   frame every two seconds so players can seek, constant SPS/PPS ids.
/// - VUI colour description: BT.709 primaries, transfer and matrix, limited range
///   (`YCbCrFrame`).
final class OpenH264Session {
    let width: Int
    let height: Int
    private let encoder: UnsafeMutablePointer<ISVCEncoder?>

    init(width: Int, height: Int, fps: Int, quantizer: Int = 24) throws {
        self.width = width
        self.height = height
        var created: UnsafeMutablePointer<ISVCEncoder?>?
        guard WelsCreateSVCEncoder(&created) == 0, let raw = created else {
            throw RasterEncodingError.library(name: "OpenH264", message: "WelsCreateSVCEncoder failed")
        }
        encoder = raw
        // Every stored property is set: a throw from here on runs deinit, which closes it.
        _ = animatic_h264_quiet(raw)  // no warnings on stderr
        var params = SEncParamExt()
        guard animatic_h264_get_default_params(raw, &params) == 0 else {
            throw RasterEncodingError.library(name: "OpenH264", message: "GetDefaultParams failed")
        }
        params.iUsageType = SCREEN_CONTENT_REAL_TIME
        params.iPicWidth = Int32(width)
        params.iPicHeight = Int32(height)
        params.fMaxFrameRate = Float(fps)
        params.iRCMode = RC_OFF_MODE
        params.iTargetBitrate = 0
        params.bEnableFrameSkip = false
        params.iMultipleThreadIdc = 1
        params.iSpatialLayerNum = 1
        params.iTemporalLayerNum = 1
        params.uiIntraPeriod = UInt32(max(fps * 2, 1))
        params.eSpsPpsIdStrategy = CONSTANT_ID
        params.iEntropyCodingModeFlag = 0
        params.bEnableDenoise = false
        params.bEnableBackgroundDetection = false
        // Screen-content mode wants scene-change detection and has no adaptive quantisation
        // (OpenH264 says so in its parameter check).
        params.bEnableSceneChangeDetect = true
        params.bEnableAdaptiveQuant = false
        params.iMinQp = Int32(quantizer)
        params.iMaxQp = Int32(quantizer)
        params.sSpatialLayers.0.iVideoWidth = Int32(width)
        params.sSpatialLayers.0.iVideoHeight = Int32(height)
        params.sSpatialLayers.0.fFrameRate = Float(fps)
        params.sSpatialLayers.0.iDLayerQp = Int32(quantizer)
        params.sSpatialLayers.0.sSliceArgument.uiSliceMode = SM_SINGLE_SLICE
        params.sSpatialLayers.0.bVideoSignalTypePresent = true
        params.sSpatialLayers.0.uiVideoFormat = 5  // unspecified
        params.sSpatialLayers.0.bFullRange = false
        params.sSpatialLayers.0.bColorDescriptionPresent = true
        params.sSpatialLayers.0.uiColorPrimaries = 1  // BT.709
        params.sSpatialLayers.0.uiTransferCharacteristics = 1  // BT.709
        params.sSpatialLayers.0.uiColorMatrix = 1  // BT.709
        guard animatic_h264_initialize(raw, &params) == 0 else {
            throw RasterEncodingError.library(name: "OpenH264", message: "InitializeExt refused the parameters")
        }
        guard animatic_h264_set_data_format_i420(raw) == 0 else {
            throw RasterEncodingError.library(name: "OpenH264", message: "SetOption(DATAFORMAT) failed")
        }
    }

    deinit {
        animatic_h264_close(encoder)
    }

    /// Encodes one picture; returns its NAL units (parameter sets included on IDR frames)
    /// and whether it is an IDR frame. No units means OpenH264 skipped the picture.
    func encode(_ picture: YCbCrFrame, timestampMilliseconds: Int) throws -> (
        units: [ArraySlice<UInt8>], isKeyFrame: Bool
    ) {
        var info = SFrameBSInfo()
        let status = picture.luma.withUnsafeMutableBufferPointer { y in
            picture.cb.withUnsafeMutableBufferPointer { u in
                picture.cr.withUnsafeMutableBufferPointer { v in
                    var source = SSourcePicture()
                    source.iColorFormat = Int32(videoFormatI420.rawValue)
                    source.iPicWidth = Int32(width)
                    source.iPicHeight = Int32(height)
                    source.iStride.0 = Int32(picture.codedWidth)
                    source.iStride.1 = Int32(picture.chromaWidth)
                    source.iStride.2 = Int32(picture.chromaWidth)
                    source.pData.0 = y.baseAddress
                    source.pData.1 = u.baseAddress
                    source.pData.2 = v.baseAddress
                    source.uiTimeStamp = Int64(timestampMilliseconds)
                    return animatic_h264_encode(encoder, &source, &info)
                }
            }
        }
        guard status == 0 else {
            throw RasterEncodingError.library(name: "OpenH264", message: "EncodeFrame returned \(status)")
        }
        if info.eFrameType == videoFrameTypeSkip || info.eFrameType == videoFrameTypeInvalid { return ([], false) }
        var units: [ArraySlice<UInt8>] = []
        withUnsafeBytes(of: &info.sLayerInfo) { layersRaw in
            let layers = layersRaw.bindMemory(to: SLayerBSInfo.self)
            for index in 0..<Int(info.iLayerNum) {
                let layer = layers[index]
                var length = 0
                for nal in 0..<Int(layer.iNalCount) { length += Int(layer.pNalLengthInByte[nal]) }
                units += AnnexB.units(UnsafeBufferPointer(start: layer.pBsBuf, count: length))
            }
        }
        return (units, info.eFrameType == videoFrameTypeIDR)
    }
}
#endif
