import RecoilSnapshot

@testable import recoil_inspect

/// The formatting entry points the tests reach, in one place.
enum DurationTextProbe {
  static func format(_ nanos: Int) -> String { DurationText.format(nanos: nanos) }
  static func milliseconds(_ nanos: Int) -> String {
    var line = TerminalLine(style: TerminalStyle(isEnabled: false))
    line.appendMilliseconds(nanos: nanos, width: 0)
    return String(decoding: line.bytes, as: UTF8.self)
  }
}
