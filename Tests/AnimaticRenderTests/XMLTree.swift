import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element, for checking the SVG encoders' output.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode] = []
    weak var parent: XMLNode?
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// This node and every descendant, depth first.
    var all: [XMLNode] { [self] + children.flatMap(\.all) }

    func first(_ name: String, where predicate: (XMLNode) -> Bool = { _ in true }) -> XMLNode? {
        all.first { $0.name == name && predicate($0) }
    }

    /// Parses `bytes`; nil when the XML is not well formed.
    static func parse(_ bytes: [UInt8]) -> XMLNode? {
        let parser = XMLParser(data: Data(bytes))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse() else { return nil }
        return builder.root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLNode?
        var stack: [XMLNode] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            let node = XMLNode(name: name, attributes: attributes)
            if let top = stack.last { top.children.append(node); node.parent = top } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}

func numbers(_ s: String) -> [Double] {
    s.split(whereSeparator: { " ,;()".contains($0) }).compactMap { Double($0) }
}
