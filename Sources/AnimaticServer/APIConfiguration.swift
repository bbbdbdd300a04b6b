import AnimaticCore

/// What the API needs to know beyond each request.
public struct APIConfiguration: Sendable {
    /// Folder of static files served at `/` (the player page); nil serves none.
    public var publicDirectory: String?
    /// Bound on the response cache, in bytes of encoded bodies (identity + gzip).
    public var cacheBytes: Int
    /// Limits on the work one spec may ask for.
    public var limits: SpecLimits
    /// Mixed into every ETag, so a new release never revalidates an old body.
    public var version: String

    public init(publicDirectory: String? = nil, cacheBytes: Int = 64 << 20, limits: SpecLimits = .standard,
                version: String = AnimaticVersion.current) {
        self.publicDirectory = publicDirectory
        self.cacheBytes = cacheBytes
        self.limits = limits
        self.version = version
    }
}

/// The service's version, reported by `animatic --version`, in `Server` and in ETags.
public enum AnimaticVersion {
    public static let current = "0.1.0"
}
