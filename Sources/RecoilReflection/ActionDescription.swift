import RecoilConcurrency

/// Names and payload previews of actions, derived by reflection: `AppAction.user(.setName("Ann"))`
/// is named `user(.setName)` with payload `"Ann"`.
///
/// ```swift
/// let description = ActionDescription(AppAction.user(.setName("Ann")))
/// print(description.name)     // user(.setName)
/// print(description.payload)  // Optional("\"Ann\"")
/// ```
public struct ActionDescription: Sendable, Equatable {
  /// The case path of an enum action, or the type name of another action.
  public var name: String
  /// A preview of the innermost payload, if there is one.
  public var payload: String?

  /// Describes an action.
  ///
  /// - Parameter action: Any action.
  public init(_ action: Any) {
    self.init(action, describingPayload: { ValuePreview.describe($0) })
  }

  /// Describes an action, with the payload made text by `describePayload` (an inspector's
  /// redaction, say) instead of ``ValuePreview``.
  ///
  /// ```swift
  /// let description = ActionDescription(action) { _ in "‹redacted›" }
  /// ```
  ///
  /// - Parameters:
  ///   - action: Any action.
  ///   - describePayload: Turns the innermost payload into text.
  public init(_ action: Any, describingPayload describePayload: (Any) -> String) {
    self.init(action, cache: ReflectionCache(), describingPayload: describePayload)
  }

  /// Describes an action, learning about its types in `cache` for the actions that follow.
  package init(_ action: Any, cache: ReflectionCache, describingPayload describePayload: (Any) -> String) {
    var cases: [String] = []
    var current: Any = action
    var payload: String?
    while true {
      // A scalar has no cases: it is the innermost payload, known from its type without
      // looking its cases up (the cache remembers the enum's, which the next action needs).
      if ReflectionCache.isScalar(current) {
        if !cases.isEmpty { payload = describePayload(current) }
        break
      }
      // An enum whose metadata says its cases is read through that, sparing a mirror.
      if let enumCases = cache.enumCases(of: current), let (label, inner) = enumCases.case(of: current) {
        guard let inner else {
          cases.append(String(describing: current))
          break
        }
        cases.append(label)
        if cache.isTuple(inner) {
          payload = describePayload(inner)
          break
        }
        current = inner
        continue
      }
      // A payload that is a tuple is the innermost one; knowing it from its type spares a
      // mirror.
      let mirror = cache.isTuple(current) ? nil : Mirror(reflecting: current)
      guard let mirror, mirror.displayStyle == .enum else {
        if !cases.isEmpty { payload = describePayload(current) }
        break
      }
      guard let child = mirror.children.first, let label = child.label else {
        // A case without payload prints as its name.
        cases.append(String(describing: current))
        break
      }
      cases.append(label)
      if cache.isTuple(child.value) {
        payload = describePayload(child.value)
        break
      }
      current = child.value
    }
    if cases.isEmpty {
      name = String(describing: type(of: action))
      payload = describePayload(action)
    } else {
      // user(.setName) — nested cases are written as the payload of the outer one.
      name = cases.dropFirst().reversed().reduce(into: "") { inner, label in
        inner = inner.isEmpty ? ".\(label)" : ".\(label)(\(inner))"
      }
      name = cases.count == 1 ? cases[0] : "\(cases[0])(\(name))"
    }
    self.payload = payload
  }
}

/// Short, readable previews of values for traces and snapshots.
///
/// ```swift
/// describePayload("Ann")                   // "\"Ann\""
/// describePayload([1, 2, 3], limit: 5)     // "[1, …"
/// ```
public enum ValuePreview {
  /// Describes a value as Swift prints it (strings and characters quoted), cut at `limit`
  /// characters.
  ///
  /// - Parameters:
  ///   - value: Any value.
  ///   - limit: The most characters to keep; the cut is marked with an ellipsis.
  /// - Returns: The preview.
  public static func describe(_ value: Any, limit: Int = 200) -> String {
    describe(value, limit: limit, cache: nil)
  }

  /// Describes a value, printing a tuple from the fields `cache` knows of its type rather than
  /// through a mirror.
  package static func describe(_ value: Any, limit: Int = 200, cache: ReflectionCache?) -> String {
    // A string, integer or Boolean names no module.
    if let scalar = ScalarText.of(value) { return cut(scalar, limit: limit) }
    var text =
      value is Substring || value is Character
      ? String(reflecting: value) : cache.flatMap { tupleText(value, cache: $0) } ?? String(describing: value)
    // Elements of collections print with their module (`MyApp.Product(…)`): drop the app's
    // module names, read from the value's type, but never the standard library's.
    if text.utf8.contains(UInt8(ascii: ".")) {
      for module in modules(of: type(of: value)) where text.contains(module + ".") {
        text = text.replacing(module + ".", with: "")
      }
    }
    return cut(text, limit: limit)
  }

  /// `text`, cut at `limit` characters with an ellipsis: `TextPreview.cut`'s rule (in
  /// RecoilSnapshot, which this module does not import).
  package static func cut(_ text: String, limit: Int) -> String {
    text.utf8.count <= limit || text.count <= limit ? text : String(text.prefix(max(limit - 1, 1))) + "…"
  }

  /// A tuple as `print` writes it, `(label: element, …)` with each element debug-printed, from
  /// its stored fields; `nil` when `value` is no tuple whose fields are known.
  private static func tupleText(_ value: Any, cache: ReflectionCache) -> String? {
    guard !ReflectionCache.isScalar(value), let fields = cache.fields(of: value), fields.isTuple else { return nil }
    var text = "("
    for (position, (field, element)) in zip(fields.fields, fields.values(of: value)).enumerated() {
      if position > 0 { text += ", " }
      if !field.label.isEmpty && !field.label.hasPrefix(".") { text += field.label + ": " }
      text += ScalarText.reflecting(element)
    }
    return text + ")"
  }

  /// The module names in a reflected type name such as `Swift.Array<MyApp.Product>`.
  /// The module names in a type's full name, worked out once per type: a snapshot previews
  /// thousands of values of a handful of types.
  private static func modules(of type: Any.Type) -> Set<String> {
    let key = ObjectIdentifier(type)
    if let known = moduleCache.withLock({ $0[key] }) { return known }
    let found = modules(in: String(reflecting: type))
    moduleCache.withLock { $0[key] = found }
    return found
  }

  private static let moduleCache = LockedValue<[ObjectIdentifier: Set<String>]>([:])

  private static func modules(in typeName: String) -> Set<String> {
    var modules: Set<String> = []
    for component in typeName.split(whereSeparator: { "<>, :[]()?".contains($0) }) {
      guard let dot = component.firstIndex(of: ".") else { continue }
      let module = String(component[..<dot])
      if module != "Swift" && module != "Foundation" && !module.isEmpty { modules.insert(module) }
    }
    return modules
  }
}
