import AnimaticHTTP
import Glibc

/// One run of an executable as a child process, with a deadline: its input written, its
/// output read (bounded), and the child killed when the deadline passes, when the caller
/// cancels, or when it writes too much. What the server runs this way is work whose cost it
/// cannot bound from the outside (docs/API.md, "Import": the Swift parser's lookahead is
/// exponential on nested brackets), so that the work stops when the time is up, and a crash
/// in it is the request's answer instead of the server's end.
///
/// The pipes are socket pairs made close-on-exec at creation (`SOCK_CLOEXEC`): with
/// `pipe` and then `fcntl`, a child spawned by another thread in between would inherit this
/// child's write end, and its output would never reach end-of-file.
struct ChildProcess {
    enum Outcome: Equatable {
        /// It exited by itself: its status, what it wrote to standard output and error.
        case exited(status: Int32, output: [UInt8], errors: [UInt8])
        /// A signal ended it (its own crash, or `RLIMIT_CPU`).
        case signalled(Int32, errors: [UInt8])
        /// The deadline passed; it was killed.
        case timedOut
        /// The caller cancelled (`isCancelled`); it was killed.
        case cancelled
        /// It wrote more than `maxOutputBytes`; it was killed.
        case outputTooLarge
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    var executable: String
    var arguments: [String]
    /// Added to the parent's environment (`NAME=value`, replacing the parent's `NAME`).
    var environment: [String] = []
    var maxOutputBytes: Int
    /// How often the run looks at `isCancelled` while it waits.
    var pollInterval: Duration = .milliseconds(20)

    func run(input: [UInt8], deadline: ContinuousClock.Instant, isCancelled: () -> Bool) throws(SpawnError) -> Outcome {
        let stdin = try Self.socketPair()
        let stdout = try Self.socketPair()
        let stderr = try Self.socketPair()
        let parentEnds = [stdin.0, stdout.0, stderr.0]
        let childEnds = [stdin.1, stdout.1, stderr.1]
        defer { for fd in parentEnds { close(fd) } }
        let pid: pid_t
        do {
            defer { for fd in childEnds { close(fd) } }
            pid = try spawn(stdin: stdin.1, stdout: stdout.1, stderr: stderr.1)
        }
        var pending = input[...]
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var open: Set<Int32> = [stdout.0, stderr.0]
        var writing = !pending.isEmpty
        if !writing { shutdown(stdin.0, Int32(SHUT_WR)) }
        for fd in parentEnds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let clock = ContinuousClock()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty || writing {
            if isCancelled() { return Self.kill(pid, .cancelled) }
            let left = deadline - clock.now
            if left <= .zero { return Self.kill(pid, .timedOut) }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if writing { fds.append(pollfd(fd: stdin.0, events: Int16(POLLOUT), revents: 0)) }
            guard poll(&fds, nfds_t(fds.count), min(left, pollInterval).pollMilliseconds) >= 0 || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                _ = Self.kill(pid, .cancelled)
                throw SpawnError(description: "poll: \(reason)")
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == stdin.0 {
                    let sent = pending.withUnsafeBytes { send(stdin.0, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if sent > 0 { pending = pending.dropFirst(sent) }
                    // A child that stopped reading (it ended, or reads no more) gets no more.
                    if pending.isEmpty || (sent < 0 && errno != EAGAIN && errno != EINTR) {
                        writing = false
                        shutdown(stdin.0, Int32(SHUT_WR))
                    }
                    continue
                }
                let n = chunk.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if entry.fd == stdout.0 {
                        output += chunk[..<n]
                        if output.count > maxOutputBytes { return Self.kill(pid, .outputTooLarge) }
                    } else if errors.count < 65_536 {
                        errors += chunk[..<min(n, 65_536 - errors.count)]
                    }
                } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                    open.remove(entry.fd)
                }
            }
        }
        // Both outputs ended: the child has exited or is about to.
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        if signal != 0 { return .signalled(signal, errors: errors) }
        return .exited(status: (status >> 8) & 0xff, output: output, errors: errors)
    }

    private func spawn(stdin: Int32, stdout: Int32, stderr: Int32) throws(SpawnError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 onto 0, 1 and 2 clears their close-on-exec; every other end stays closed.
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The server ignores SIGPIPE and its threads may block signals: the child gets neither.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // The parent's environment, each addition replacing a variable of its name (glibc's
        // getenv takes the first of two).
        let added = Set(self.environment.map { $0.prefix { $0 != "=" } })
        var environment: [String] = []
        if var entry = Optional(environ) {
            while let text = entry.pointee {
                let variable = String(cString: text)
                if !added.contains(variable.prefix { $0 != "=" }) { environment.append(variable) }
                entry += 1
            }
        }
        environment += self.environment
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup($0) }
        defer { for p in argv + envp { free(p) } }
        var pid: pid_t = 0
        var argvList = argv + [nil]
        var envpList = envp + [nil]
        let result = argvList.withUnsafeMutableBufferPointer { argvPointer in
            envpList.withUnsafeMutableBufferPointer { envpPointer in
                posix_spawn(&pid, executable, &actions, &attributes, argvPointer.baseAddress!, envpPointer.baseAddress!)
            }
        }
        guard result == 0 else {
            throw SpawnError(description: "posix_spawn \(executable): \(String(cString: strerror(result)))")
        }
        return pid
    }

    private static func socketPair() throws(SpawnError) -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw SpawnError(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }

    /// Kills and reaps the child, then answers `outcome`.
    private static func kill(_ pid: pid_t, _ outcome: Outcome) -> Outcome {
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return outcome
    }
}
