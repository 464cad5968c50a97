import RecoilConcurrency
import RecoilReflection

/// An atom's value before and after a write, as the recorder keeps it: a small plain value
/// (most counters, flags and simple enums) as bits, so that recording it touches no
/// existential, anything else boxed, where nil stands for no value (an async atom still
/// loading).
///
/// ```swift
/// let values = _WrittenValues(before: 1, after: 2)  // .plain
/// values.after as? Int                             // 2
/// ```
@usableFromInline enum _WrittenValues {
  case plain(before: PlainValue, after: PlainValue)
  case boxed(before: (any Sendable)?, after: (any Sendable)?)

  /// Keeps `before` and `after` as bits when their type is plain and small, else boxed.
  @inlinable init<Value: Sendable>(before: Value, after: Value) {
    if let old = PlainValue(before), let new = PlainValue(after) {
      self = .plain(before: old, after: new)
    } else {
      self = .boxed(before: before, after: after)
    }
  }

  var before: (any Sendable)? {
    switch self {
    case .plain(let before, _): before.value
    case .boxed(let before, _): before
    }
  }

  var after: (any Sendable)? {
    switch self {
    case .plain(_, let after): after.value
    case .boxed(_, let after): after
    }
  }
}
