/// The process-wide order of recorded operations: every action, atom write, evaluation,
/// notification and effect that a recording keeps takes the next number, whichever store,
/// container or thread it comes from. An inspector sorts what it gathers by these numbers.
///
/// Only recordings take numbers: with nothing recording, nobody calls ``next()``.
///
/// ```swift
/// let first = CausalOrder.next()
/// let second = CausalOrder.next()
/// // first < second, on any thread
/// ```
@usableFromInline package enum CausalOrder {
  /// The next number, greater than every number given before, on any thread.
  ///
  /// ```swift
  /// let order = CausalOrder.next()
  /// ```
  ///
  /// - Returns: A number from 1.
  package static func next() -> UInt64 {
    CausalClock.shared.next()
  }

  /// The last number given (0 before the first): every operation numbered up to it has
  /// taken its number.
  ///
  /// ```swift
  /// let taken = CausalOrder.latest  // what is numbered above it came later
  /// ```
  package static var latest: UInt64 {
    CausalClock.shared.latest
  }

  /// Takes `count` consecutive numbers at once and returns the first.
  ///
  /// ```swift
  /// let action = CausalOrder.next(count: 2)  // and action + 1 for what follows it
  /// ```
  ///
  /// - Parameter count: How many numbers to take.
  /// - Returns: The first of them.
  package static func next(count: UInt64) -> UInt64 {
    CausalClock.shared.next(count: count)
  }
}
