/// The timeline numbers of a store's latest actions, found by the store's own sequence
/// number: what an effect's start names as its cause. A store numbers its actions one after
/// another, so they are kept in an array from the oldest one kept, as many as `window` (at
/// most twice that between trims).
///
/// ```swift
/// var recent = RecentActions(window: 4096)
/// recent.note(sequence: 5, seq: 42)
/// recent[5]  // 42
/// ```
struct RecentActions: Sendable {
  /// The store's sequence number of `numbers[0]`.
  private var first = 0
  /// Timeline numbers by position from `first`; 0 where no action of that number was seen.
  private var numbers: [Int] = []
  private let window: Int

  /// Keeps about the latest `window` actions.
  init(window: Int) {
    self.window = max(window, 1)
  }

  /// Notes that the store's action `sequence` has the timeline number `seq`.
  mutating func note(sequence: Int, seq: Int) {
    let offset = sequence - first
    if numbers.isEmpty || offset < 0 || offset - numbers.count >= window {
      // The first action, or one far from those kept: start again from it.
      first = sequence
      numbers = [seq]
      return
    }
    if offset < numbers.count {
      numbers[offset] = seq
      return
    }
    numbers.append(contentsOf: repeatElement(0, count: offset - numbers.count))
    numbers.append(seq)
    if numbers.count >= 2 * window {
      let excess = numbers.count - window
      numbers.removeFirst(excess)
      first += excess
    }
  }

  /// The timeline number of the store's action `sequence`, if it is among those kept.
  subscript(sequence: Int) -> Int? {
    let offset = sequence - first
    guard offset >= 0, offset < numbers.count, numbers[offset] != 0 else { return nil }
    return numbers[offset]
  }
}
