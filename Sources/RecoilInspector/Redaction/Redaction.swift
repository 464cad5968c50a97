/// What an inspector keeps out of everything it writes: snapshots, the live stream, traces,
/// diffs and test artifacts. App state holds tokens, passwords and personal data, and those
/// files travel; a redacted value is written as `‹redacted›`, never as its text.
///
/// Values can be marked four ways, and any one of them redacts:
/// - **by node id**: globs over atom, selector, family member, slice and store-selector ids;
/// - **by state path**: a path in a store's state, and everything below it, given as a key
///   path; diffs still say that the path changed, not to what;
/// - **by value type**: every value of the type, wherever it sits: in an atom, deep inside a
///   store's state, in an action's payload;
/// - **by action name**: globs over action names whose payload is withheld.
///
/// ```swift
/// var configuration = InspectorConfiguration()
/// configuration.redaction.nodes = ["Session.*", "*.token"]
/// configuration.redaction.redact(\AppState.user.password)
/// configuration.redaction.redact(type: APIKey.self)
/// configuration.redaction.actions = ["user(.signIn)"]
/// let inspector = Inspector(configuration: configuration)
/// ```
///
/// A pattern that is not a valid glob matches only itself.
public struct Redaction: Sendable {
  /// What is written in place of a redacted value.
  public static let marker = "‹redacted›"

  /// Globs over node ids whose values (and errors) are redacted.
  public var nodes: [String] = []
  /// Paths in store state (`user.password`) whose values, and everything below them, are
  /// redacted; ``redact(_:)`` adds one from a key path.
  public var statePaths: [String] = []
  /// Globs over action names (`user(.signIn)`) whose payloads are redacted.
  public var actions: [String] = []
  /// The value types that are always redacted.
  var types: Set<ObjectIdentifier> = []
  /// Their names, to tell a node of such a type whose value is not at hand (one in error).
  var typeNames: Set<String> = []

  /// No redaction.
  ///
  /// ```swift
  /// var redaction = Redaction()
  /// redaction.nodes = ["Auth.*"]
  /// ```
  public init() {}

  /// Redacts every value of `type`, wherever it appears.
  ///
  /// ```swift
  /// configuration.redaction.redact(type: Password.self)
  /// ```
  ///
  /// - Parameter type: The type, such as a wrapper your app keeps secrets in.
  public mutating func redact(type: Any.Type) {
    types.insert(ObjectIdentifier(type))
    typeNames.insert(String(describing: type))
  }

  /// Redacts a part of a store's state, and everything below it.
  ///
  /// ```swift
  /// configuration.redaction.redact(\AppState.user.password)  // the state path user.password
  /// ```
  ///
  /// - Parameter keyPath: A key path from a store's state type.
  public mutating func redact<Root, Value>(_ keyPath: KeyPath<Root, Value>) {
    // `\AppState.user.password` describes itself with its root type first.
    let components = String(describing: keyPath).split(separator: ".").dropFirst()
    statePaths.append(components.joined(separator: "."))
  }

  /// Whether nothing is redacted.
  var isEmpty: Bool { nodes.isEmpty && statePaths.isEmpty && actions.isEmpty && types.isEmpty }
}
