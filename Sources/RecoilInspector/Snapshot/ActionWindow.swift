/// Values for a store's latest actions, found by the store's own sequence number: the
/// timeline number of an action an effect names as its cause, or where a described action is
/// in a snapshot. A store numbers its actions one after another, so the values are kept in an
/// array from the oldest one kept, as many as `window` (at most twice that between trims).
///
/// ```swift
/// var recent = ActionWindow<Int>(window: 4096)
/// recent.note(42, at: 5)
/// recent[5]  // 42
/// ```
struct ActionWindow<Value: Sendable>: Sendable {
  /// The store's sequence number of `values[0]`.
  private var first = 0
  /// Values by position from `first`; `nil` where no action of that number was noted.
  private var values: [Value?] = []
  private let window: Int

  /// Keeps about the latest `window` actions.
  init(window: Int) {
    self.window = max(window, 1)
  }

  /// Notes `value` for the store's action `sequence`.
  mutating func note(_ value: Value, at sequence: Int) {
    let offset = sequence - first
    if values.isEmpty || offset < 0 || offset - values.count >= window {
      // The first action, or one far from those kept: start again from it.
      first = sequence
      values = [value]
      return
    }
    if offset < values.count {
      values[offset] = value
      return
    }
    // Usually the next number: then there is no gap to fill.
    if offset > values.count { values.append(contentsOf: repeatElement(nil, count: offset - values.count)) }
    values.append(value)
    if values.count >= 2 * window {
      let excess = values.count - window
      values.removeFirst(excess)
      first += excess
    }
  }

  /// The value noted for the store's action `sequence`, if it is among those kept.
  subscript(sequence: Int) -> Value? {
    let offset = sequence - first
    guard offset >= 0, offset < values.count else { return nil }
    return values[offset]
  }
}
