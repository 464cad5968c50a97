import Foundation
import RecoilConcurrency
import RecoilRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One updating line on standard error saying what a long command is doing (`reading 412 MB of
/// 1.0 GB`, `laying out 1,200 of 3,000 neighbourhoods`, `replaying 52 MB of 124 MB`), shown
/// once the work has run for ``delay`` and cleared when it ends, so the terminal is left as if
/// it had never been there.
///
/// Only on a terminal: nothing when standard error is a pipe or a file, with `-q`, with
/// `TERM=dumb`, or with `RECOIL_INSPECT_PROGRESS=0`. What else the command writes to standard
/// error clears the line first (``StandardStreams/process()`` routes it through ``clear()``).
///
/// ```swift
/// ProgressLine.shared.update("laying out", done: 1_200, total: 3_000, unit: .count("neighbourhoods"))
/// ProgressLine.shared.end()
/// ```
final class ProgressLine: Sendable {
  /// What a count counts.
  enum Unit: Sendable, Equatable {
    /// Things, named in the plural (`neighbourhoods`, `events`).
    case count(String)
    /// Bytes, written as megabytes or gigabytes.
    case bytes
  }

  private struct State {
    var isEnabled: Bool
    var phase = ""
    var done = 0
    var total = 0
    var unit = Unit.count("")
    /// When the first update of the current work came, on the monotonic clock.
    var started: UInt64?
    var isDrawn = false
    var hasTicker = false
    var drawnText = ""
  }

  /// The process's line, on standard error.
  static let shared = ProgressLine(
    isEnabled: isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
      && ProcessInfo.processInfo.environment["RECOIL_INSPECT_PROGRESS"] != "0",
    delayMilliseconds: Int(ProcessInfo.processInfo.environment["RECOIL_INSPECT_PROGRESS_DELAY_MS"] ?? "") ?? 1_000)

  private let state: LockedValue<State>
  /// How long work runs before the line shows: short work says nothing.
  let delay: UInt64
  private let write: @Sendable (String) -> Void

  init(
    isEnabled: Bool, delayMilliseconds: Int,
    write: @escaping @Sendable (String) -> Void = { _ = Descriptor.writeAll(Array($0.utf8), to: STDERR_FILENO) }
  ) {
    state = LockedValue(State(isEnabled: isEnabled))
    delay = UInt64(max(delayMilliseconds, 0)) * 1_000_000
    self.write = write
  }

  /// Nothing more is shown (`-q`), and a line shown is cleared.
  func disable() {
    clear()
    state.withLock { $0.isEnabled = false }
  }

  /// Says what the work is at: `phase` and, when `total` is positive, how far of it.
  func update(_ phase: String, done: Int = 0, total: Int = 0, unit: Unit = .count("")) {
    let startTicker = state.withLock { state -> Bool in
      guard state.isEnabled else { return false }
      state.phase = phase
      state.done = done
      state.total = total
      state.unit = unit
      if state.started == nil { state.started = Self.now() }
      defer { state.hasTicker = true }
      return !state.hasTicker
    }
    if startTicker { Thread { [self] in tick() }.start() }
  }

  /// What a drawing tells (see `RenderOptions.progress`), on this line.
  var renderProgress: RenderProgress {
    RenderProgress { [self] phase, done, total in update(phase, done: done, total: total) }
  }

  /// The work ended: the line goes, and the next work starts its own delay.
  func end() {
    clear()
    state.withLock {
      $0.started = nil
      $0.phase = ""
    }
  }

  /// Takes the line off the screen (before other output); the next tick draws it again.
  func clear() {
    let wasDrawn = state.withLock { state -> Bool in
      defer {
        state.isDrawn = false
        state.drawnText = ""
      }
      return state.isDrawn
    }
    if wasDrawn { write("\r\u{1B}[K") }
  }

  /// Redraws the line ten times a second while there is work, from a thread of its own.
  private func tick() {
    while true {
      usleep(100_000)
      let text = state.withLock { state -> String? in
        guard state.isEnabled, let started = state.started, !state.phase.isEmpty else {
          state.hasTicker = state.started != nil && state.isEnabled
          return nil
        }
        guard Self.now() &- started >= delay else { return "" }
        let text = Self.text(state.phase, done: state.done, total: state.total, unit: state.unit)
        guard text != state.drawnText else { return "" }
        state.drawnText = text
        state.isDrawn = true
        return text
      }
      guard let text else { return }
      if !text.isEmpty { write("\r" + Self.fitted(text) + "\u{1B}[K") }
    }
  }

  /// `laying out 1,200 of 3,000 neighbourhoods`, `reading 412 MB of 1.0 GB`, `laying out…`.
  static func text(_ phase: String, done: Int, total: Int, unit: Unit) -> String {
    guard total > 0 else { return phase + "…" }
    switch unit {
    case .bytes: return "\(phase) \(bytes(done)) of \(bytes(total))"
    case .count(let noun): return "\(phase) \(grouped(done)) of \(grouped(total))" + (noun.isEmpty ? "" : " \(noun)")
    }
  }

  /// `412 MB`, `1.0 GB`, `900 KB`.
  static func bytes(_ count: Int) -> String {
    if count >= 1_000_000_000 { return String(format: "%.1f GB", Double(count) / 1e9) }
    if count >= 1_000_000 { return "\(count / 1_000_000) MB" }
    return "\(count / 1_000) KB"
  }

  /// `12,000`.
  static func grouped(_ count: Int) -> String {
    var digits = String(count.magnitude)
    var result = ""
    while digits.count > 3 {
      result = "," + digits.suffix(3) + result
      digits.removeLast(3)
    }
    return (count < 0 ? "-" : "") + digits + result
  }

  /// The text cut to fit one line of the terminal, so that `\r` always goes back to its start.
  private static func fitted(_ text: String) -> String {
    var size = winsize()
    let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    return text.count < columns ? text : String(text.prefix(max(columns - 2, 1))) + "…"
  }

  private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
