import Foundation

/// Where a command reads and writes; the real process streams in production.
///
/// Standard output is buffered (``BufferedOutput``); it is flushed before anything goes to
/// standard error, so the two stay in order on a shared terminal, and when the command ends.
struct StandardStreams {
  var output: (String) -> Void
  var outputBytes: (Data) -> Void
  /// Writes a line already made into UTF-8 (see ``TerminalLine``), buffered like `output`.
  var outputLine: ([UInt8]) -> Void
  /// Writes out what `output` holds.
  var flush: () -> Void
  var error: (String) -> Void
  var readInput: () throws -> Data
  var errorStyle: TerminalStyle
  var outputStyle: TerminalStyle

  static func process() -> StandardStreams {
    let standardOutput = BufferedOutput(FileHandle.standardOutput)
    return StandardStreams(
      output: { standardOutput.write($0) },
      outputBytes: { standardOutput.write($0) },
      outputLine: { standardOutput.write(bytes: $0) },
      flush: { standardOutput.flush() },
      error: {
        standardOutput.flush()
        FileHandle.standardError.write(Data($0.utf8))
      },
      readInput: { try FileHandle.standardInput.readToEnd() ?? Data() },
      errorStyle: .detect(descriptor: 2),
      outputStyle: .detect(descriptor: 1))
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
