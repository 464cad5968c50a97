import RecoilSnapshot

/// A line of terminal output built as UTF-8 bytes: literals, app text made inert, numbers
/// and styles, with no intermediate strings. `live` prints a line per event, a million of them
/// for a long recording, so it writes them this way.
///
/// App text goes through ``appendInert(_:)``, the same rule as ``inert(_:)``: control
/// characters, DEL, C1 controls, separators and bidi controls become visible escapes.
///
/// ```swift
/// var line = TerminalLine(style: style)
/// line.appendKind("eval", .yellow)
/// line.appendInert(evaluation.node)
/// ```
struct TerminalLine {
  /// An ANSI style, as its SGR parameters.
  enum Style: String {
    case red = "1;31"
    case yellow = "1;33"
    case green = "32"
    case bold = "1"
    case dim = "2"
    case cyan = "36"
  }

  private(set) var bytes: [UInt8] = []
  let style: TerminalStyle

  init(style: TerminalStyle, capacity: Int = 256) {
    self.style = style
    bytes.reserveCapacity(capacity)
  }

  /// Empties the line, keeping its storage.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends text of the tool's own, which holds no control characters.
  mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends a number in decimal.
  mutating func append(_ number: Int) {
    if number < 0 {
      bytes.append(UInt8(ascii: "-"))
      append(UInt(number.magnitude))
    } else {
      append(UInt(number))
    }
  }

  private mutating func append(_ number: UInt) {
    guard number >= 10 else {
      bytes.append(UInt8(ascii: "0") + UInt8(number))
      return
    }
    append(number / 10)
    bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
  }

  /// Appends a time as hours, minutes, seconds and milliseconds, `1:02:03.456`, right-aligned
  /// in `width` columns: a live session's time past a minute or two, which in milliseconds
  /// (`3723456.000 ms`) is hard to read.
  mutating func appendClockTime(nanos: Int, width: Int) {
    let millis = DurationText.rounded(max(nanos, 0), dividedBy: 1_000_000)
    let hours = millis / 3_600_000
    appendSpaces(before: hours, inColumns: width - 10)
    append(hours)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(millis / 60_000 % 60, count: 2)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(millis / 1_000 % 60, count: 2)
    bytes.append(UInt8(ascii: "."))
    appendDigits(millis % 1_000, count: 3)
  }

  /// Appends a time in milliseconds with three decimals, right-aligned in `width` columns, as
  /// ``DurationText/milliseconds(nanos:width:)`` writes it, without making a string.
  mutating func appendMilliseconds(nanos: Int, width: Int) {
    let micros = DurationText.rounded(max(nanos, 0), dividedBy: 1_000)
    let whole = micros / 1_000
    appendSpaces(before: whole, inColumns: width - 4)
    append(whole)
    bytes.append(UInt8(ascii: "."))
    appendDigits(micros % 1_000, count: 3)
  }

  /// Appends the spaces that right-align non-negative `number` in `columns` columns.
  private mutating func appendSpaces(before number: Int, inColumns columns: Int) {
    var digits = 1
    var rest = number
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    for _ in 0..<max(columns - digits, 0) { bytes.append(UInt8(ascii: " ")) }
  }

  /// Appends the last `count` digits of non-negative `value`, zeros first: `07`, `045`.
  private mutating func appendDigits(_ value: Int, count: Int) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }

  /// Appends text of the tool's own that is not a literal (a formatted duration).
  mutating func append(plain text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Appends text from the app, made inert.
  mutating func appendInert(_ text: String) {
    var text = text
    let clean = text.withUTF8 { utf8 -> Bool in
      for byte in utf8 where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
        return false
      }
      bytes.append(contentsOf: utf8)
      return true
    }
    if !clean { append(plain: inert(text)) }
  }

  /// Appends `separator` and then app text made inert (in `textStyle`, if given), when there
  /// is text: a line's optional parts, such as ` = <value>` or `: <error>`.
  ///
  /// ```swift
  /// line.appendInert(event.error, after: ": ", .red)  // ": offline", the error in red
  /// ```
  mutating func appendInert(_ text: String?, after separator: StaticString, _ textStyle: Style? = nil) {
    guard let text else { return }
    append(separator)
    if let textStyle {
      styled(textStyle) { $0.appendInert(text) }
    } else {
      appendInert(text)
    }
  }

  /// The word that says what a line tells (`eval`, `action`, `notify`), in `style`, and the
  /// space after it.
  ///
  /// ```swift
  /// line.appendKind("eval", .yellow)  // "eval " in yellow on a terminal
  /// ```
  @inline(__always) mutating func appendKind(_ word: StaticString, _ style: Style) {
    styled(style) { $0.append(word) }
    append(" ")
  }

  /// Appends what `body` appends, in `style` when styling is on.
  mutating func styled(_ style: Style, _ body: (inout TerminalLine) -> Void) {
    guard self.style.isEnabled else { return body(&self) }
    bytes.append(0x1B)
    bytes.append(UInt8(ascii: "["))
    bytes.append(contentsOf: style.rawValue.utf8)
    bytes.append(UInt8(ascii: "m"))
    body(&self)
    append("\u{1B}[0m")
  }
}
