import CLCMS2

/// An embedded ICC profile's colours converted to sRGB with LittleCMS, as a browser shows them.
///
/// Relative colorimetric intent (ICC.1:2010 §6.2.2), the one browsers use for the matrix/TRC
/// profiles screenshots carry: Display P3 colours inside sRGB keep their appearance, those
/// outside are clipped. A profile that is not RGB (a grey or CMYK profile on an image read as
/// RGB) or that LittleCMS cannot parse is ignored, as browsers ignore it: the pixels are
/// taken as sRGB.
enum ColorProfileConversion {
    /// Converts straight-alpha RGBA8 `rgba` in place; alpha is copied unchanged.
    static func convertToSRGB(_ rgba: inout [UInt8], profile: [UInt8]) {
        guard !rgba.isEmpty, !profile.isEmpty else { return }
        guard let source = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) })
        else { return }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData, let sRGB = cmsCreate_sRGBProfile() else { return }
        defer { cmsCloseProfile(sRGB) }
        guard
            let transform = cmsCreateTransform(
                source, animatic_lcms_type_rgba_8, sRGB, animatic_lcms_type_rgba_8,
                UInt32(INTENT_RELATIVE_COLORIMETRIC), animatic_lcms_flags_copy_alpha)
        else { return }
        defer { cmsDeleteTransform(transform) }
        let count = rgba.count / 4
        rgba.withUnsafeMutableBytes { buffer in
            cmsDoTransform(transform, buffer.baseAddress, buffer.baseAddress, UInt32(count))
        }
    }
}
