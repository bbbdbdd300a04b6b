import AnimaticCore
import AnimaticHTTP
import AnimaticImport
import Testing

@testable import AnimaticServer

/// The import worker's frames: what the server writes, what the worker answers, and the
/// answer read back is the in-process one byte for byte.
@Suite struct ImportWorkerTests {
    /// Reads `isPresenting` and an app parameter, `originFrame` (test_import.py's card).
    static let animator = """
        import UIKit
        final class Card: NSObject, UIViewControllerAnimatedTransitioning {
            var isPresenting = true
            var originFrame = CGRect.zero
            func transitionDuration(using ctx: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using ctx: UIViewControllerContextTransitioning) {
                let key: UITransitionContextViewKey = isPresenting ? .to : .from
                guard let v = ctx.view(forKey: key) else { return }
                ctx.containerView.addSubview(v)
                v.frame = isPresenting ? originFrame : ctx.containerView.bounds
                UIView.animate(withDuration: 0.3) {
                    v.frame = self.isPresenting ? ctx.containerView.bounds : self.originFrame
                }
            }
        }
        """

    func item(_ array: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .array(let items)? = array, index < items.count else { return nil }
        return items[index]
    }

    func throughTheWorker(_ query: [(name: String, value: String)], _ source: String) throws -> HTTPResponse {
        let request = ImportWorker.request(query: query, source: Array(source.utf8))
        let frame = try #require(ImportWorker.answer(request))
        return try #require(ImportWorker.response(fromFrame: frame))
    }

    func inProcess(_ query: [(name: String, value: String)], _ source: String) throws -> HTTPResponse {
        let options = try APIRoutes.importOptions(query, maxContainerSide: 10_000).get()
        return ImportAnswer.response(source: source, options: options, renderTimeout: nil)
    }

    @Test func theWorkersAnswerIsTheInProcessOne() throws {
        let queries: [[(name: String, value: String)]] = [
            [], [("operation", "dismiss"), ("width", "400.123456789012"), ("height", "900")],
            [("originFrame", "[10, 20, 100, 50]"), ("operation", "present")],
        ]
        for query in queries {
            let worker = try throughTheWorker(query, Self.animator)
            let local = try inProcess(query, Self.animator)
            #expect(worker.status == .ok)
            #expect(worker.body == local.body)
            #expect(worker.headers["Content-Type"] == "application/json")
            #expect(worker.headers["Cache-Control"] == "no-store")
        }
        // The width reaches the spec (written with 9 decimals), the card its frame, and
        // reading `isPresenting`, the answer carries both operations.
        let wide = try throughTheWorker(
            [("width", "400.123456789012"), ("originFrame", "[10, 20, 100, 50]")], Self.animator)
        let document = try JSONParser.parse(wide.body)
        #expect(document["spec"]?["container"]?["width"] == .number(400.123456789))
        #expect(item(document["parameters"], 0)?["value"] == .array([10, 20, 100, 50].map(JSONValue.number)))
        let presented = item(document["operations"]?["present"]?["spec"]?["layers"], 1)
        #expect(presented?["position"] == .array([.number(60), .number(45)]))
        #expect(document["operations"]?["dismiss"]?["spec"] != nil)
    }

    @Test func aSourceWithoutAnAnimatorIs422Both() throws {
        let worker = try throughTheWorker([], "let x = 1\n")
        let local = try inProcess([], "let x = 1\n")
        #expect(worker.status == .unprocessableContent)
        #expect(worker.headers["Content-Type"] == "application/problem+json")
        #expect(worker.body == local.body)
    }

    @Test func framesTheWorkerDoesNotKnowAreRefused() {
        #expect(ImportWorker.answer(Array("no newline".utf8)) == nil)
        #expect(ImportWorker.answer(Array("{\"query\": 3}\nclass A {}".utf8)) == nil)
        #expect(ImportWorker.answer(Array("{\"query\": [[\"operation\", \"sideways\"]]}\n".utf8)) == nil)
        #expect(ImportWorker.response(fromFrame: Array("hello".utf8)) == nil)
        #expect(ImportWorker.response(fromFrame: Array("99 text/plain\nx".utf8)) == nil)
    }
}
