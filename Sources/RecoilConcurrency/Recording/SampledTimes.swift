/// The times of the timed operations of a bounded trace, kept apart from its entries: most
/// operations are not timed (see ``TimingSampler``), so an entry carries only a flag, and
/// recording an untimed one writes no times at all.
///
/// As large as the trace, so that it holds the times of every timed entry the trace still
/// has: the newest timed entries own the newest times.
///
/// ```swift
/// var times = SampledTimes(capacity: 100)
/// times.append(startNanos: 1_000, durationNanos: 40)  // for the one timed entry
/// let spans = times.spans(timed: [false, true, false])
/// // [(1_000, nil), (1_000, 40), (1_040, nil)]: untimed starts estimated around it
/// ```
@usableFromInline package struct SampledTimes {
  @usableFromInline struct Times: BitwiseCopyable {
    @usableFromInline var startNanos: UInt64
    @usableFromInline var durationNanos: UInt64

    @inlinable init(startNanos: UInt64, durationNanos: UInt64) {
      self.startNanos = startNanos
      self.durationNanos = durationNanos
    }
  }

  @usableFromInline var times: RingBuffer<Times>

  package init(capacity: Int) {
    times = RingBuffer(capacity: capacity)
  }

  /// Adds the times of the trace's newest entry, which was timed.
  @inlinable package mutating func append(startNanos: UInt64, durationNanos: UInt64) {
    times.append(Times(startNanos: startNanos, durationNanos: durationNanos))
  }

  /// Keeps more from now on, as the trace does.
  package mutating func grow(to capacity: Int) {
    times.grow(to: capacity)
  }

  /// Each entry's start and duration, given which entries were timed, oldest first: a timed
  /// entry's own, an untimed one's start estimated from the timed ones around it (see
  /// ``StartEstimate``) and no duration.
  package func spans(timed: [Bool]) -> [(start: UInt64, duration: UInt64?)] {
    // One array, filled in place: a snapshot makes this for every recorded operation.
    var spans = [(start: UInt64, duration: UInt64?)](repeating: (0, nil), count: timed.count)
    // The newest times go to the newest timed entries; older ones beyond what is kept get none.
    let kept = times.elements
    var unclaimed = kept.count
    for index in timed.indices.reversed() where timed[index] && unclaimed > 0 {
      unclaimed -= 1
      spans[index] = (kept[unclaimed].startNanos, kept[unclaimed].durationNanos)
    }
    StartEstimate.estimateStarts(&spans)
    return spans
  }
}
