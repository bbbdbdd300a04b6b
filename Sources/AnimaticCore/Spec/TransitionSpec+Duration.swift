extension TransitionSpec {
    /// The transition's own length: the latest block end (delay + duration), 0 without
    /// blocks. The compiler runs an interaction against it.
    public var transitionDuration: Double {
        animations.reduce(0.0) { max($0, $1.delay + $1.duration) }
    }

    /// The wall duration of the timeline this spec compiles to (`Timeline.duration`), known
    /// from the spec alone: `transitionDuration`, or the interactive run's length (drag,
    /// then finish or cancel). It costs one pass over the blocks and the gesture samples,
    /// so a server can price a request before compiling it.
    public var timelineDuration: Double {
        guard let interaction else { return transitionDuration }
        return InteractiveRun(interaction: interaction, transitionDuration: transitionDuration).duration
    }
}
