import Dispatch
import Synchronization
import Glibc

/// Turns SIGTERM / SIGINT into a graceful `HTTPServer.shutdown()`. Keep the returned
/// value alive as long as the handlers should stay.
///
/// ```swift
/// let port = try server.start()
/// let signals = ShutdownSignals.install(for: server)
/// server.waitUntilStopped()   // returns once drained
/// exit(0)
/// ```
///
/// Why not `DispatchSource.makeSignalSource` alone: on Linux, libdispatch reads
/// signals through a signalfd and blocks the signal only in its own manager thread.
/// A process-directed signal is delivered to any thread that does not block it, and
/// with the disposition set to ignore (as signal sources require) such a delivery is
/// simply lost — seen here as a shutdown test that hung now and then. So a real
/// `sigaction` handler writes the signal number into a pipe (the self-pipe trick,
/// async-signal-safe), and a Dispatch read source on that pipe runs the shutdown.
public final class ShutdownSignals: Sendable {
    private struct Registration: Sendable {
        var signals: [Int32]
        var action: @Sendable (Int32) -> Void
    }

    private static let registrations = Mutex<[Int: Registration]>([:])
    private static let nextID = Atomic<Int>(0)
    /// Makes the pipe and its read source once per process (Swift runs a static
    /// initializer exactly once).
    private static let pipeReady: Bool = {
        signalPipeSource = makePipeReader()
        return true
    }()

    private let id: Int

    private init(id: Int) { self.id = id }

    /// Installs the handlers. `onSignal` runs (on a Dispatch queue) before shutdown.
    public static func install(
        for server: HTTPServer, signals: [Int32] = [SIGTERM, SIGINT],
        onSignal: (@Sendable (Int32) -> Void)? = nil
    ) -> ShutdownSignals {
        install(signals: signals) { number in
            onSignal?(number)
            server.shutdown()
        }
    }

    /// Runs `action` for each of `signals` received (general form).
    public static func install(signals: [Int32], action: @escaping @Sendable (Int32) -> Void) -> ShutdownSignals {
        _ = pipeReady
        let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
        registrations.withLock { $0[id] = Registration(signals: signals, action: action) }
        for number in signals {
            var sa = sigaction()
            sa.__sigaction_handler.sa_handler = signalToPipe
            sa.sa_flags = SA_RESTART
            sigemptyset(&sa.sa_mask)
            sigaction(number, &sa, nil)
        }
        return ShutdownSignals(id: id)
    }

    /// Stops running this registration's action (the signal handlers stay installed;
    /// a signal with no registration left is ignored).
    public func cancel() {
        _ = Self.registrations.withLock { $0.removeValue(forKey: id) }
    }

    private static func makePipeReader() -> DispatchSourceRead {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "pipe for signal delivery failed")
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteFD = fds[1]
        let readFD = fds[0]
        let source = DispatchSource.makeReadSource(
            fileDescriptor: readFD,
            queue: DispatchQueue(label: "animatic.http.signals"))
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 64)
            let n = read(readFD, &bytes, bytes.count)
            guard n > 0 else { return }
            let actions = registrations.withLock { Array($0.values) }
            for byte in bytes[0..<n] {
                for registration in actions where registration.signals.contains(Int32(byte)) {
                    registration.action(Int32(byte))
                }
            }
        }
        source.resume()
        return source
    }
}

/// Written once, before any handler is installed; read by the signal handler.
nonisolated(unsafe) private var signalPipeWriteFD: Int32 = -1
/// Keeps the pipe's read source alive; written once inside `pipeReady`.
nonisolated(unsafe) private var signalPipeSource: DispatchSourceRead?

/// The signal handler: only async-signal-safe calls (write, errno save/restore).
private func signalToPipe(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteFD, &byte, 1)
    errno = saved
}
