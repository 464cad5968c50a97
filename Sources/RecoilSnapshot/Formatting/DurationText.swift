/// How every tool shows a duration: the renderer's labels, `trace`, `live` and the report all
/// call this, so one evaluation shows one time everywhere.
///
/// Below a microsecond in whole nanoseconds; then with one decimal, rounded to nearest, in µs,
/// ms or s. Integer arithmetic only: `live` formats a million of these.
///
/// ```swift
/// DurationText.format(nanos: 950)        // "950 ns"
/// DurationText.format(nanos: 12_345)     // "12.3 µs"
/// DurationText.format(nanos: 2_500_000)  // "2.5 ms"
/// ```
public enum DurationText {
  /// A duration for people, such as `12.3 µs`.
  ///
  /// ```swift
  /// let label = DurationText.format(nanos: stats.totalNanos)
  /// ```
  ///
  /// - Parameter nanos: The duration in nanoseconds; negative values are shown as 0 ns.
  /// - Returns: The text.
  public static func format(nanos: Int) -> String {
    let nanos = max(nanos, 0)
    if nanos < 1_000 { return String(nanos) + " ns" }
    // Tenths of the unit, rounded; a value that rounds up to 1000 moves to the next unit.
    // Divisions only, never a product: a duration read from a file may be near `Int.max`.
    // (Written out, not looped over a table: `live` formats one per event.)
    let microTenths = rounded(nanos, dividedBy: 100)
    if microTenths < 10_000 { return String(microTenths / 10) + "." + String(microTenths % 10) + " µs" }
    let milliTenths = rounded(nanos, dividedBy: 100_000)
    if milliTenths < 10_000 { return String(milliTenths / 10) + "." + String(milliTenths % 10) + " ms" }
    let hundredths = rounded(nanos, dividedBy: 10_000_000)
    return "\(hundredths / 100).\(twoDigits(hundredths % 100)) s"
  }

  /// `value / divisor` rounded to nearest, for a non-negative value up to `Int.max`.
  ///
  /// ```swift
  /// DurationText.rounded(1_250, dividedBy: 100)  // 13
  /// ```
  package static func rounded(_ value: Int, dividedBy divisor: Int) -> Int {
    value / divisor + (value % divisor >= (divisor + 1) / 2 ? 1 : 0)
  }

  /// A point in time as milliseconds with three decimals, right-aligned in `width` columns:
  /// the time column of `live`.
  ///
  /// ```swift
  /// DurationText.milliseconds(nanos: 1_234_567, width: 10)  // "     1.235"
  /// ```
  ///
  /// - Parameters:
  ///   - nanos: Nanoseconds.
  ///   - width: The minimum width; the text is padded with spaces on the left.
  /// - Returns: The text, without a unit.
  public static func milliseconds(nanos: Int, width: Int = 0) -> String {
    let micros = rounded(max(nanos, 0), dividedBy: 1_000)
    let fraction = micros % 1_000
    let text = "\(micros / 1_000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
    let padding = width - text.utf8.count
    return padding > 0 ? String(repeating: " ", count: padding) + text : text
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
