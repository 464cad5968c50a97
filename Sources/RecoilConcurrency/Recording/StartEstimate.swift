/// Start times for operations a ``TimingSampler`` did not time, estimated from the timed
/// ones around them, so a sampled trace still reads in time order.
///
/// ```swift
/// var spans: [(start: UInt64, duration: UInt64?)] = [(100, 10), (0, nil), (0, nil), (140, 5)]
/// StartEstimate.estimateStarts(&spans)
/// spans.map(\.start)  // [100, 120, 130, 140]: the two untimed ones share the gap from 110 to 140
/// ```
package enum StartEstimate {
  /// Sets the start of each operation with no duration, in place.
  ///
  /// - Parameter spans: Each operation in order: its start and duration when timed, or a nil
  ///   duration (and any start) when not. Afterwards the timed operations keep their own
  ///   starts; an untimed run's starts spread evenly between the end of the timed operation
  ///   before it and the start of the one after it. A run with nothing timed after it gets the
  ///   end of the one before; with nothing timed before it, the start of the one after; with
  ///   nothing timed at all, 0.
  package static func estimateStarts(_ spans: inout [(start: UInt64, duration: UInt64?)]) {
    var previousEnd: UInt64?
    var runStart = 0
    for index in spans.indices {
      guard let duration = spans[index].duration else { continue }
      let start = spans[index].start
      let runLength = index - runStart
      if runLength > 0 {
        let from = min(previousEnd ?? start, start)
        let gap = start - from
        for offset in 0..<runLength {
          spans[runStart + offset].start = from + gap * UInt64(offset + 1) / UInt64(runLength + 1)
        }
      }
      previousEnd = start &+ duration
      runStart = index + 1
    }
    for index in runStart..<spans.count { spans[index].start = previousEnd ?? 0 }
  }
}
