extension TransitionSpec {
    /// The wall duration of the timeline this spec compiles to (`Timeline.duration`), known
    /// from the spec alone: the latest block end, or the interactive run's length (drag,
    /// then finish or cancel). It costs one pass over the blocks and the gesture samples,
    /// so a server can price a request before compiling it.
    public var timelineDuration: Double {
        let transitionEnd = animations.reduce(0.0) { max($0, $1.delay + $1.duration) }
        guard let interaction else { return transitionEnd }
        return InteractiveRun(interaction: interaction, transitionDuration: transitionEnd).duration
    }
}
