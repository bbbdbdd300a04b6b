import AnimaticCore
import SwiftParser
import SwiftSyntax

/// Swift source → spec: the entry point of the import (docs/EXPORT.md, "Import").
public enum SwiftImporter {
    /// Largest source accepted (bytes); the HTTP route and the CLI refuse more before parsing.
    public static let maxSourceBytes = 1 << 20

    public static func importSource(_ source: String, options: ImportOptions = ImportOptions()) -> ImportResult {
        let tree = Parser.parse(source: source)
        let interpreter = Interpreter(source: tree, options: options)
        SyntaxProblems.collect(tree, into: interpreter)
        var spec: TransitionSpec?
        do {
            spec = try interpreter.runAnimator(tree)
        } catch let stop as ImportStop {
            if let node = stop.node {
                interpreter.problem(node, stop.message)
            } else {
                interpreter.problems.append(ImportProblem(line: 1, column: 1, message: stop.message))
            }
        } catch {
            interpreter.problems.append(ImportProblem(line: 1, column: 1, message: "\(error)"))
        }
        let sorted = interpreter.problems.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
        return ImportResult(
            spec: spec, problems: sorted, parameters: interpreter.parameters,
            readsOperation: interpreter.readsOperation, steps: interpreter.steps)
    }
}

/// The parser's own complaints (unexpected or missing code), located.
enum SyntaxProblems {
    static func collect(_ tree: SourceFileSyntax, into interpreter: Interpreter) {
        final class Visitor: SyntaxVisitor {
            var found: [(Syntax, String)] = []
            override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
                found.append((Syntax(node), "unexpected code \"\(node.trimmedDescription.prefix(40))\": not read"))
                return .skipChildren
            }
            override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
                if token.presence == .missing {
                    found.append((Syntax(token), "expected \"\(token.text)\" here: the code does not parse"))
                }
                return .skipChildren
            }
        }
        guard tree.hasError else { return }
        let v = Visitor(viewMode: .all)
        v.walk(tree)
        for (node, message) in v.found.prefix(50) { interpreter.problem(node, message) }
    }
}
