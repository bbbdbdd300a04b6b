import Foundation
import Testing

/// The module boundaries of docs/ARCHITECTURE.md, checked on the sources: Core stays pure
/// (libm only), Render sees only Core, the HTTP layer knows nothing of animation.
@Suite struct ModuleImportsTests {
    /// The modules each source module may import. `Glibc` stands for libm in Core.
    static let allowed: [String: Set<String>] = [
        "AnimaticCore": ["Glibc"],
        "AnimaticRender": ["AnimaticCore", "Foundation", "Glibc"],
        "AnimaticHTTP": ["COpenSSL", "CZlib", "Dispatch", "Foundation", "Glibc", "Logging", "Synchronization"],
        // Swift import: the parser only (no Foundation), so the interpreter stays pure.
        "AnimaticImport": ["AnimaticCore", "Glibc", "SwiftParser", "SwiftSyntax"],
        // Images: the decoders' C libraries only; the store: its database's and SHA-256, and
        // Dispatch for the PostgreSQL pool's semaphore.
        "AnimaticImages": ["CImageReaders", "CLCMS2", "CGif", "CWebP"],
        "AnimaticStore": ["COpenSSL", "CSQLite", "CPostgres", "Dispatch", "Foundation", "Glibc", "Synchronization"],
        "AnimaticServer": [
            "AnimaticCore", "AnimaticRender", "AnimaticRaster", "AnimaticHTTP", "AnimaticImport", "COpenSSL",
            "AnimaticImages", "AnimaticStore", "Dispatch",
            "Foundation",
            "Glibc", "Logging", "Synchronization",
        ],
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every `import X` line of the module's Swift files, as (file, module).
    static func imports(of module: String) throws -> [(file: String, module: String)] {
        let root = sources.appendingPathComponent(module)
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var found: [(String, String)] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index <= 1 else { continue }
                guard index == 0 || words[0].hasPrefix("@") else { continue }
                guard index + 1 < words.count else { continue }
                found.append((relative, String(words[index + 1])))
            }
        }
        return found
    }

    @Test(arguments: [
        "AnimaticCore", "AnimaticRender", "AnimaticHTTP", "AnimaticImport", "AnimaticServer", "AnimaticImages",
        "AnimaticStore",
    ])
    func importsStayWithinTheModuleBoundary(module: String) throws {
        let found = try Self.imports(of: module)
        #expect(!found.isEmpty, "no sources found for \(module) under \(Self.sources.path)")
        let allowed = try #require(Self.allowed[module])
        for (file, imported) in found where !allowed.contains(imported) {
            Issue.record("\(module)/\(file) imports \(imported); \(module) may import only \(allowed.sorted())")
        }
    }
}
