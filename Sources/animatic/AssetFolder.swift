import AnimaticServer
import AnimaticStore
import ArgumentParser
import Foundation

/// `animatic render --assets DIR`: the CLI's asset store, a folder of image files each named
/// by its id (`sha256-<64 hex digits>`, with or without an extension such as `.png`), as
/// `POST /v1/assets` names them — so a spec that names uploaded screens renders offline
/// from the same files. A file is used only when its bytes hash to its name (a renamed
/// or edited file would otherwise draw another picture than the id promises).
struct AssetFolder {
    let path: String

    /// The resolver of a render: assets from the folder (none without one), data URIs always.
    static func resolver(_ path: String?) -> ImageResolver {
        guard let path else { return .dataOnly }
        let folder = AssetFolder(path: path)
        return ImageResolver { id in try folder.bytes(of: id) }
    }

    /// The bytes of the file named `id` (or `id.<extension>`), nil when there is none.
    func bytes(of id: String) throws -> [UInt8]? {
        guard let name = fileName(of: id) else { return nil }
        let file = (path as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ValidationError("cannot read \(file)")
        }
        let bytes = [UInt8](data)
        let actual = AssetID(of: bytes).rawValue
        guard actual == id else {
            throw ValidationError("\(file) is named \(id) but its bytes hash to \(actual): rename it or use that id")
        }
        return bytes
    }

    /// The folder's entry for `id`: `id` itself, or the one `id.<extension>`.
    func fileName(of id: String) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        if entries.contains(id) { return id }
        return entries.filter { $0.hasPrefix(id + ".") }.sorted().first
    }
}
