// `BorderSpec` — its members with Core Animation's defaults, its `init`, its spec decoding
// and encoding — is generated from the property table (`PropertyTable.toml`) into
// DecorationSpecs+Generated.swift.

extension BorderSpec {
    /// Core Animation's border of a layer whose spec sets none (width 0).
    public static let none = BorderSpec()
}
