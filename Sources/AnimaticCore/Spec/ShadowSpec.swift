// `ShadowSpec` — its members with Core Animation's defaults, its `init`, its spec decoding
// and encoding — is generated from the property table (`PropertyTable.toml`) into
// DecorationSpecs+Generated.swift.

extension ShadowSpec {
    /// Core Animation's shadow of a layer whose spec sets none.
    public static let none = ShadowSpec()
}
