import ArgumentParser
import Foundation
import Glibc

/// Writes the CLI's output file (`--out`, `--out-dir`) through the path, as `cat > path` or
/// `curl -o path` do: opened with `O_CREAT | O_TRUNC` and written in place.
///
/// Not Foundation's `createFile(atPath:contents:)`: on Linux it writes a temporary file and
/// renames it over the path, which replaced `/dev/null` with a regular file when a user timed a
/// render with `--out /dev/null` as root, would turn a symbolic link into a file beside its
/// target, drops a named pipe's reader, and resets an existing file's mode. A render killed
/// mid-write can leave a short file, as with any of those tools.
enum OutputFile {
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// `write`, or the reason on standard error and exit status 73 (sysexits' EX_CANTCREAT):
    /// a folder missing or not writable is not a usage mistake, so no usage text follows.
    static func writeOrExit(_ bytes: [UInt8], to path: String) throws {
        do {
            try write(bytes, to: path)
        } catch {
            FileHandle.standardError.write(Data("animatic: \(error.description)\n".utf8))
            throw ExitCode(73)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure { throw WriteError(path: path, reason: failure) }
    }
}
