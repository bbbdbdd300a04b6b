import AnimaticServer
import ArgumentParser
import Foundation

/// `animatic import-worker`: answers one `POST /v1/import/swift` for the server that started
/// it (`AnimaticServer.ImportWorker`), request on standard input, response on standard
/// output. Not for people: hidden from the help.
struct ImportWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ImportWorker.subcommand,
        abstract: "Answer one Swift import for `animatic serve` (internal).",
        shouldDisplay: false)

    @Option(help: "Processor seconds before the kernel stops this process (RLIMIT_CPU).")
    var cpuSeconds: Int = 5

    /// This executable, for the server to start as its import worker: `/proc/self/exe`, so a
    /// binary moved or started through a link still finds itself.
    static var executablePath: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    }

    func run() throws {
        // SIGXCPU at the soft limit ends the process; the hard limit, a second later, is SIGKILL.
        var limit = rlimit(rlim_cur: rlim_t(max(cpuSeconds, 1)), rlim_max: rlim_t(max(cpuSeconds, 1) + 1))
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
        // No core file when it ends so (SIGXCPU and SIGSEGV dump core by default): a source
        // that stops the parser is an answer, not a fault to keep.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        let request = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        guard let answer = ImportWorker.answer(request) else {
            FileHandle.standardError.write(Data("import-worker: not a request from animatic serve\n".utf8))
            throw ExitCode(ImportWorker.malformedRequestStatus)
        }
        FileHandle.standardOutput.write(Data(answer))
    }
}
