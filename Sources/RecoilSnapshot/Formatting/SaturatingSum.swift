extension Int {
  /// `self + other`, or `Int.max` (`Int.min`) where the sum would overflow: sums of durations
  /// read from a file, which may each be near `Int.max`, stay a number.
  ///
  /// ```swift
  /// Int.max.addingSaturated(1)  // Int.max
  /// ```
  package func addingSaturated(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }
}
