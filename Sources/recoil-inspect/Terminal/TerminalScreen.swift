import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A full-screen view on the terminal, for `live --top`: the alternate screen (so the shell's
/// scrollback is left as it was), keys read one at a time without echo, and the terminal put
/// back as it was on ``restore()``, on `q`, and on Ctrl-C.
///
/// ```swift
/// let screen = TerminalScreen.open { exit(0) }
/// screen?.draw(["line 1", "line 2"])
/// screen?.restore()
/// ```
final class TerminalScreen {
  /// The terminal's settings before, to put back from wherever the screen is left.
  private static let saved = Mutex<termios?>(nil)
  private let signalSources: [any DispatchSourceSignal]

  private init(signalSources: [any DispatchSourceSignal]) {
    self.signalSources = signalSources
  }

  /// Puts the terminal back: cursor, main screen, settings.
  private static func putBack() {
    write("\u{1B}[?25h\u{1B}[?1049l")
    saved.withLock { saved in
      if var settings = saved { _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
      saved = nil
    }
  }

  /// The screen, if standard output is a terminal; `quit` runs (after the terminal is put
  /// back) on `q` or Ctrl-C.
  static func open(quit: @escaping @Sendable () -> Never) -> TerminalScreen? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var settings = termios()
    let hasKeys = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &settings) == 0
    if hasKeys {
      let before = settings
      saved.withLock { $0 = before }
      var raw = settings
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }
    write("\u{1B}[?1049h\u{1B}[?25l")
    let restoreAndQuit: @Sendable () -> Never = {
      putBack()
      quit()
    }
    var sources: [any DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { restoreAndQuit() }
      source.resume()
      sources.append(source)
    }
    if hasKeys {
      let thread = Thread {
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 {
          if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") { restoreAndQuit() }
        }
      }
      thread.name = "recoil-inspect.keys"
      thread.start()
    }
    return TerminalScreen(signalSources: sources)
  }

  /// The terminal's size, or 80 by 24 when it does not say.
  var size: (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Replaces the screen's content with `lines` (already cut to its width).
  func draw(_ lines: [String]) {
    Self.write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
  }

  /// Leaves the alternate screen and gives the terminal back its settings.
  func restore() {
    for source in signalSources { source.cancel() }
    Self.putBack()
  }

  private static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
