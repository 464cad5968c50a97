/// A store's value as snapshots and the report show it when its state has slices: the slices'
/// values under their names, in the store's type (`AppState(user: User(…), settings: …)`).
///
/// The inspector writes a store node's latest value with it, and the report writes the store's
/// value as of each step with it, from the slices' values then, so the two read alike.
///
/// ```swift
/// StoreValueText.compose(type: "AppState", parts: [("user", "User(name: \"Ann\")"), ("cart", nil)])
/// // "AppState(user: User(name: \"Ann\"), cart: nil)"
/// ```
package enum StoreValueText {
  /// At most this many characters: a store's value is a summary; its slices and its state
  /// tree hold the rest.
  package static let limit = 400

  /// The value of a store of type `type` whose slices hold `parts` (no value is `nil`), cut
  /// to ``limit``.
  package static func compose(type: String?, parts: [(name: String, value: String?)]) -> String {
    var text = (type ?? "") + "("
    for (position, part) in parts.enumerated() {
      if position > 0 { text += ", " }
      text += part.name + ": " + (part.value ?? "nil")
      if text.utf8.count > limit { break }
    }
    return TextPreview.cut(text + ")", limit: limit)
  }
}
