/// Swift 2 and 3 spellings of UIKit names mapped to today's (004 is Swift 2:
/// `animateKeyframesWithDuration`, `viewControllerForKey`, `snapshotViewAfterScreenUpdates`).
enum SwiftSpellings {
    /// A method's base name today.
    static func method(_ name: String) -> String {
        switch name {
        case "animateWithDuration": return "animate"
        case "animateKeyframesWithDuration": return "animateKeyframes"
        case "addKeyframeWithRelativeStartTime": return "addKeyframe"
        case "viewControllerForKey": return "viewController"
        case "viewForKey": return "view"
        case "snapshotViewAfterScreenUpdates": return "snapshotView"
        case "resizableSnapshotViewFromRect": return "resizableSnapshotView"
        case "finalFrameForViewController": return "finalFrame"
        case "initialFrameForViewController": return "initialFrame"
        case "transitionDurationWithTransitionContext": return "transitionDuration"
        case "bringSubviewToFront", "bringSubview": return "bringSubviewToFront"
        case "sendSubviewToBack", "sendSubview": return "sendSubviewToBack"
        case "addAnimation": return "add"
        default: return name
        }
    }

    /// A member today: Swift 2's capitalised option and enum cases (`.CalculationModeCubic`,
    /// `.CurveEaseOut`) and `hidden`.
    static func member(_ name: String) -> String {
        let capitalisedCases = [
            "CalculationMode", "Curve", "Transition", "AllowUserInteraction", "BeginFromCurrentState", "Repeat",
            "Autoreverse", "ScaleAspect", "ScaleToFill", "EaseIn", "EaseOut", "Linear",
        ]
        if capitalisedCases.contains(where: { name.hasPrefix($0) }) {
            return name.prefix(1).lowercased() + name.dropFirst()
        }
        if name == "From" || name == "To" { return name.lowercased() }
        return name
    }

    /// Swift 2 calls put the first argument's label in the base name; the label it had.
    static func firstLabel(_ name: String) -> String? {
        switch name {
        case "animateWithDuration", "animateKeyframesWithDuration": return "withDuration"
        case "addKeyframeWithRelativeStartTime": return "withRelativeStartTime"
        case "snapshotViewAfterScreenUpdates": return "afterScreenUpdates"
        case "viewControllerForKey", "viewForKey": return "forKey"
        case "resizableSnapshotViewFromRect": return "from"
        case "finalFrameForViewController", "initialFrameForViewController": return "for"
        default: return nil
        }
    }
}
