import Foundation

/// ANSI styling for terminal text, used only when the stream is a terminal and `NO_COLOR` is
/// unset (https://no-color.org).
///
/// Whatever it styles is made ``inert(_:)`` first, so the only escape sequences in its output
/// are its own.
struct TerminalStyle: Sendable {
  var isEnabled: Bool

  /// Whether to colour text written to `descriptor` in this environment.
  static func detect(descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment)
    -> TerminalStyle
  {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = environment["TERM"] == "dumb"
    return TerminalStyle(isEnabled: !noColor && !dumb && isatty(descriptor) == 1)
  }

  func red(_ text: String) -> String { wrap(text, "1;31") }
  func yellow(_ text: String) -> String { wrap(text, "1;33") }
  func green(_ text: String) -> String { wrap(text, "32") }
  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func cyan(_ text: String) -> String { wrap(text, "36") }

  /// Text without styling, made inert.
  func plain(_ text: String) -> String { inert(text) }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(inert(text))\u{1B}[0m" : inert(text)
  }
}
