import RecoilAtoms

/// Why an evaluation ran, in words: the one wording of the snapshot's timeline and the live
/// stream.
///
/// ```swift
/// TriggerText.dependency("Pricing.currency")  // "dependency Pricing.currency"
/// ```
enum TriggerText {
  /// The node was read for the first time.
  static let firstRead = "first read"
  /// The app asked for a re-evaluation.
  static let refresh = "refresh"
  /// A store selector ran because its store's state changed.
  static let stateChanged = "state changed"

  /// A dependency's change caused it.
  static func dependency(_ id: String) -> String { "dependency \(id)" }

  /// A container's trigger, its dependency named with the container's `prefix`.
  static func describe(_ trigger: EvaluationTrigger, prefix: String) -> String {
    switch trigger {
    case .firstRead: firstRead
    case .refresh: refresh
    case .dependencyChanged(let key): dependency(prefix + key.description)
    }
  }
}
