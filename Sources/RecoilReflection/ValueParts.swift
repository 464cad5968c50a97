/// What a value is made of, as reflection sees it: its kind and its parts, each with its label.
/// The one way the other modules look inside a value (a state's fields, an optional's
/// content, an enum's case), so that `Mirror` is used in RecoilReflection alone.
///
/// ```swift
/// let parts = Reflector.parts(of: Optional(3))
/// parts.kind                    // .optional
/// parts.children.first?.value   // 3
/// ```
package struct ValueParts {
  /// What kind of value it is.
  package enum Kind: Sendable {
    case optional, collection, set, dictionary, enumeration, tuple, structure, object, other
  }

  package var kind: Kind
  /// Its parts, in order: an optional's content, a collection's elements, a dictionary's
  /// key-value pairs (each a tuple), an enum's payload (labelled with its case), a structure's
  /// or an object's stored properties.
  package var children: [(label: String?, value: Any)]

  init(_ value: Any) {
    let mirror = Mirror(reflecting: value)
    children = mirror.children.map { ($0.label, $0.value) }
    switch mirror.displayStyle {
    case .optional: kind = .optional
    case .collection: kind = .collection
    case .set: kind = .set
    case .dictionary: kind = .dictionary
    case .enum: kind = .enumeration
    case .tuple: kind = .tuple
    case .struct: kind = .structure
    case .class: kind = .object
    default: kind = .other
    }
  }

  /// The value an optional holds, looking through nested optionals; the value itself when it
  /// is no optional; `nil` for `nil`.
  ///
  /// ```swift
  /// ValueParts.unwrapped(Optional(Optional(3)))   // 3
  /// ```
  package static func unwrapped(_ value: Any) -> Any? {
    var current = value
    while true {
      let parts = ValueParts(current)
      guard parts.kind == .optional else { return current }
      guard let inner = parts.children.first?.value else { return nil }
      current = inner
    }
  }
}

extension Reflector {
  /// What `value` is made of (see ``ValueParts``).
  ///
  /// ```swift
  /// for (label, value) in Reflector.parts(of: state).children { print(label ?? "?", value) }
  /// ```
  package static func parts(of value: Any) -> ValueParts { ValueParts(value) }
}
