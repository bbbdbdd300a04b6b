import AnimaticCore
import AnimaticRender

/// The name `render --out-dir` gives its file: the spec file's name without `.json` (or, read
/// from standard input, the player page's `animatic-<preset or name>`) and the format's
/// extension, the page's download names' (public/js/api.js, `FORMATS`).
enum OutputFileName {
    /// The extension of each format, the page's: a filmstrip and a Lottie file say what they
    /// are before the type their tools open them as.
    static func fileExtension(of format: OutputFormat) -> String {
        switch format {
        case .json: ".json"
        case .svg: ".svg"
        case .filmstrip: ".filmstrip.svg"
        case .lottie: ".lottie.json"
        case .css: ".css"
        case .swift: ".swift"
        case .png: ".png"
        case .apng: ".apng.png"
        case .gif: ".gif"
        case .webp: ".webp"
        case .webm: ".webm"
        case .mp4: ".mp4"
        }
    }

    /// `examples/tab-slide.json` → `tab-slide`; `-` (standard input) → the page's name for
    /// the document: `animatic-fold` for `{"preset": "fold"}`, `animatic-<name>` for a named
    /// spec, `animatic-spec` otherwise (characters other than letters, digits, `_` and `-`
    /// become `-`, as public/js/share.js's `fileBase` does).
    static func base(specPath: String, document: JSONValue?) -> String {
        if specPath != "-" {
            let file = specPath.split(separator: "/").last.map(String.init) ?? specPath
            return file.hasSuffix(".json") && file.count > 5 ? String(file.dropLast(5)) : file
        }
        var name = "spec"
        if case .string(let preset)? = document?["preset"], !preset.isEmpty {
            name = preset
        } else if case .string(let named)? = document?["name"], !named.isEmpty {
            name = named
        }
        var safe = ""
        var lastWasDash = false
        for scalar in name.unicodeScalars {
            let keep =
                scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "_" || scalar == "-")
            if keep {
                safe.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                safe += "-"
                lastWasDash = true
            }
        }
        return "animatic-" + safe
    }
}
