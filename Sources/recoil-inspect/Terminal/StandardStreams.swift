import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command reads and writes; the real process streams in production.
///
/// Standard output is buffered (``BufferedOutput``); it is flushed before anything goes to
/// standard error, so the two stay in order on a shared terminal, and when the command ends.
/// Writing never stops the process with a crash: a reader that went away ends it quietly with
/// status 141 (as `SIGPIPE` would), and any other failure (a full disk, a closed descriptor)
/// is reported once on standard error with status 74.
struct StandardStreams {
  var output: (String) -> Void
  var outputBytes: (Data) -> Void
  /// Writes a line already made into UTF-8 (see ``TerminalLine``), buffered like `output`.
  var outputLine: ([UInt8]) -> Void
  /// Writes out what `output` holds.
  var flush: () -> Void
  var error: (String) -> Void
  /// Reads standard input to its end, refusing more than the given number of bytes.
  var readInput: (Int) -> Result<Data, InputReading.Failure>
  var errorStyle: TerminalStyle
  var outputStyle: TerminalStyle

  static func process() -> StandardStreams {
    let standardOutput = BufferedOutput(descriptor: STDOUT_FILENO, failed: endAfterFailedOutput)
    let outputIsTerminal = isatty(STDOUT_FILENO) == 1
    return StandardStreams(
      output: { standardOutput.write($0) },
      outputBytes: { standardOutput.write(data: $0) },
      outputLine: { standardOutput.write(bytes: $0) },
      flush: {
        // On a terminal shared with the progress line, the line goes first.
        if outputIsTerminal { ProgressLine.shared.clear() }
        standardOutput.flush()
      },
      error: {
        ProgressLine.shared.clear()
        standardOutput.flush()
        // Nothing more can be said when standard error itself fails.
        _ = Descriptor.writeAll(Array($0.utf8), to: STDERR_FILENO)
      },
      readInput: { InputReading.read(descriptor: STDIN_FILENO, limit: $0) },
      errorStyle: .detect(descriptor: 2),
      outputStyle: .detect(descriptor: 1))
  }

  /// Ends the process after standard output failed with error `number`.
  private static func endAfterFailedOutput(_ number: Int32) {
    if Descriptor.isBrokenPipe(number) { exit(ExitCode.brokenPipe.rawValue) }
    let message = "recoil-inspect: error: standard output: cannot write: \(Descriptor.reason(number))\n"
    _ = Descriptor.writeAll(Array(message.utf8), to: STDERR_FILENO)
    exit(ExitCode.outputError.rawValue)
  }

  /// Prints `recoil-inspect: error: <message>` on standard error, on one line: the message is
  /// made ``inert(_:)``, since it often quotes the input.
  func reportError(_ message: String) {
    error("recoil-inspect: \(errorStyle.red("error:")) \(inert(message))\n")
  }

  /// Prints `recoil-inspect: warning: <message>` on standard error, on one line.
  func reportWarning(_ message: String) {
    error("recoil-inspect: \(errorStyle.yellow("warning:")) \(inert(message))\n")
  }
}
