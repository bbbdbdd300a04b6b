import AnimaticCore

/// A spec transform as a `CATransform3D` expression in the spec's operation order:
/// `[a, b, c]` is `CATransform3DMakeA(…)` then `CATransform3DB(…, …)` then `CATransform3DC(…, …)`,
/// each later call applied first to the layer's points — the same meaning the spec gives
/// the list (docs/SPEC.md, "Order"). A raw matrix is written member by member.
enum SwiftTransformWriter {
    static func expression(_ transform: TransformSpec) -> String {
        switch transform {
        case .matrix(let m):
            if let chain = SwiftMatrixRecognizer.chain(m) { return chain.expression }
            let names = [
                "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44",
            ]
            let members = zip(names, m.entries).map { "\($0): \(SwiftLiteral.number($1))" }
            return "CATransform3D(\(members.joined(separator: ", ")))"
        case .operations(let ops):
            guard let first = ops.first else { return "CATransform3DIdentity" }
            var chain = make(first)
            for op in ops.dropFirst() { chain = apply(op, to: chain) }
            return chain
        }
    }

    private static func make(_ op: TransformOperation) -> String {
        switch op {
        case let .translate(x, y, z): return "CATransform3DMakeTranslation(\(n(x)), \(n(y)), \(n(z)))"
        case let .scale(x, y, z): return "CATransform3DMakeScale(\(n(x)), \(n(y)), \(n(z)))"
        case let .rotate(degrees, axis):
            return
                "CATransform3DMakeRotation(\(SwiftLiteral.radians(degrees: degrees)), \(n(axis.x)), \(n(axis.y)), \(n(axis.z)))"
        }
    }

    private static func apply(_ op: TransformOperation, to t: String) -> String {
        switch op {
        case let .translate(x, y, z): return "CATransform3DTranslate(\(t), \(n(x)), \(n(y)), \(n(z)))"
        case let .scale(x, y, z): return "CATransform3DScale(\(t), \(n(x)), \(n(y)), \(n(z)))"
        case let .rotate(degrees, axis):
            return
                "CATransform3DRotate(\(t), \(SwiftLiteral.radians(degrees: degrees)), \(n(axis.x)), \(n(axis.y)), \(n(axis.z)))"
        }
    }

    private static func n(_ v: Double) -> String { SwiftLiteral.number(v) }
}
