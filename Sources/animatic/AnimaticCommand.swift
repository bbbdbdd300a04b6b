import ArgumentParser

@main
struct AnimaticCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animatic",
        abstract: "Keyframe timelines of iOS view-controller transitions, exact to UIKit's animation math.",
        subcommands: [
            ServeCommand.self, RenderCommand.self, PresetsCommand.self, ImportCommand.self, HealthcheckCommand.self,
            ShareCommand.self, ImportWorkerCommand.self,
        ]
    )
}
