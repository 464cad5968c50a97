import Synchronization

/// The process-wide order of recorded operations: every action, atom write, evaluation,
/// notification and effect that a recording keeps takes the next number, whichever store,
/// container or thread it comes from. An inspector sorts what it gathers by these numbers
/// and numbers its own timeline from 1.
///
/// Only recordings take numbers: with nothing recording, nobody calls ``next()``.
///
/// ```swift
/// let first = CausalOrder.next()
/// let second = CausalOrder.next()
/// // first < second, on any thread
/// ```
public enum CausalOrder {
  private static let counter = Atomic<UInt64>(0)

  /// The next number, greater than every number given before, on any thread.
  ///
  /// ```swift
  /// let order = CausalOrder.next()
  /// ```
  ///
  /// - Returns: A number from 1.
  @inlinable public static func next() -> UInt64 {
    take()
  }

  @usableFromInline static func take() -> UInt64 {
    counter.add(1, ordering: .relaxed).newValue
  }
}
