/// Which layers are the from- and to-controller's views, so the timeline can end as
/// `completeTransition(_:)` leaves the container (docs/SPEC.md, "Completion").
///
/// UIKit removes a view from the container when the transition ends:
/// - `completeTransition(true)` removes the from-view — except when a presentation keeps
///   the presenting view (`UIPresentationController.shouldRemovePresentersView` false:
///   `.custom`, `.overFullScreen`, `.overCurrentContext`; a full-screen presentation
///   removes it).
/// - `completeTransition(false)` removes the to-view — except when a dismissal's to-view
///   is a presenting view that stays (`shouldRemovePresentersView` false), which UIKit never
///   took out of the window.
///
/// Removed is drawn as hidden from the transition's end on.
public struct TransitionViews: Hashable, Sendable {
    /// What kind of transition hands the views over.
    public enum Operation: String, Hashable, Sendable, CaseIterable {
        /// A navigation push or pop, a tab switch, a custom container: the from-view leaves
        /// on finish, the to-view on cancel.
        case container
        /// `present(_:animated:)`: the from-view is the presenting view.
        case present
        /// `dismiss(animated:)`: the to-view is the presenting view.
        case dismiss
    }

    public var from: String
    public var to: String
    public var operation: Operation
    /// `UIPresentationController.shouldRemovePresentersView`: true for full-screen
    /// presentations (UIKit's default style), false for the styles that keep the
    /// presenter on screen. Only presentations and dismissals read it.
    public var shouldRemovePresentersView: Bool
    /// Whether the spec says `shouldRemovePresentersView`. When it does not, the compiler
    /// decides: a presented view that does not cover the container (a sheet, a card) comes
    /// from a custom presentation, which keeps the presenter (`PresentersViewDefault`).
    public var statesShouldRemovePresentersView: Bool
    /// Layers that are views the app already shows — a tab bar above the container, an
    /// image view inside the from-view — which the animator changes but neither adds to the
    /// container nor lays out (`views.appViews`, docs/SPEC.md). Drawing is the same; the
    /// Swift export takes them in its initialiser and leaves them where they are.
    public var appViews: [String] = []

    public init(
        from: String, to: String, operation: Operation = .container, shouldRemovePresentersView: Bool = true,
        statesShouldRemovePresentersView: Bool = true
    ) {
        self.from = from
        self.to = to
        self.operation = operation
        self.shouldRemovePresentersView = shouldRemovePresentersView
        self.statesShouldRemovePresentersView = statesShouldRemovePresentersView
    }

    /// The layer `completeTransition(outcome == .finish)` takes out of the container, if any.
    public func removedView(_ outcome: InteractionOutcome) -> String? {
        switch (outcome, operation) {
        case (.finish, .present): return shouldRemovePresentersView ? from : nil
        case (.finish, _): return from
        case (.cancel, .dismiss): return shouldRemovePresentersView ? to : nil
        case (.cancel, _): return to
        }
    }
}
