/// A part of the Swift source the importer could not read, or read with a choice of its
/// own (an app-dependent value replaced by a default), at its line and column (1-based, in
/// UTF-8 columns as swift-syntax counts them).
public struct ImportProblem: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}
