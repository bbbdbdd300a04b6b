import AnimaticCore

/// Pictures in the Swift export: an image view whose spec names an uploaded asset gets
/// `UIImage(named:)` with the asset id as the name (add the image to the asset catalog
/// under that name, or replace the name), the id in a comment beside it; a picture given
/// as a data URI is named by its type and size only (its bytes are not source code).
extension SwiftAnimatorWriter {
    mutating func imageLine(_ name: String, _ source: ImageSource) {
        switch source {
        case .asset(let id):
            out.comment("image: asset \(id) (GET /v1/assets/\(id)); add it to the asset catalog under this name")
            out.line("\(name).image = UIImage(named: \(SwiftLiteral.string(id)))")
        case .data:
            out.comment("image: \(Self.imageName(source)), given in the spec as a data URI; set \(name).image to it")
        }
    }

    /// How a comment names a picture.
    static func imageName(_ source: ImageSource) -> String {
        switch source {
        case .asset(let id): return "asset \(id)"
        case .data(let uri):
            let type = uri.dropFirst(5).prefix { $0 != ";" && $0 != "," }
            return "a \(type) data URI of \(uri.utf8.count) bytes"
        }
    }
}
