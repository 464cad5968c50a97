import RecoilConcurrency

/// A selector's value after an evaluation that changed it, as the recorder keeps it: a small
/// plain value (a count, a flag, a simple enum) as bits, anything else boxed. Kept as the
/// value itself, not its description: a snapshot or the live stream describes it only when
/// asked, as it does a write's values.
///
/// ```swift
/// let kept = EvaluatedValue(42)  // .plain
/// kept.value as? Int             // 42
/// ```
enum EvaluatedValue {
  case plain(PlainValue)
  case boxed(any Sendable)

  /// Keeps `value` as bits when its type is plain and small, else boxed.
  init<Value: Sendable>(_ value: Value) {
    if let plain = PlainValue(value) { self = .plain(plain) } else { self = .boxed(value) }
  }

  /// The value again.
  var value: any Sendable {
    switch self {
    case .plain(let plain): plain.value
    case .boxed(let value): value
    }
  }
}
