import RecoilReflection
import RecoilSnapshot
import RecoilStores

/// Applies a ``Redaction`` wherever a value becomes text: the one place the inspector makes
/// previews, so no path around it can leak a secret.
///
/// Without rules it is `ValuePreview`. With rules, a value that is itself redacted becomes
/// ``Redaction/marker``; a value that only holds something redacted (a state struct with a
/// password field, an array of tokens) is described by reflection with those parts masked.
struct Redactor: Sendable {
  private let nodeGlobs: [Glob]
  private let actionGlobs: [Glob]
  private let paths: [String]
  private let types: Set<ObjectIdentifier>
  private let typeNames: Set<String>
  let previewLength: Int
  let isEmpty: Bool

  init(_ redaction: Redaction, previewLength: Int) {
    nodeGlobs = redaction.nodes.map(Self.glob)
    actionGlobs = redaction.actions.map(Self.glob)
    paths = redaction.statePaths
    types = redaction.types
    typeNames = redaction.typeNames
    self.previewLength = previewLength
    isEmpty = redaction.isEmpty
  }

  /// A glob, or one that matches only the text itself when it is not a valid pattern.
  private static func glob(_ pattern: String) -> Glob {
    (try? Glob(pattern)) ?? Glob(literal: pattern)
  }

  // MARK: - Rules

  func redacts(node id: String) -> Bool {
    nodeGlobs.contains { $0.matches(id) }
  }

  func redacts(actionNamed name: String) -> Bool {
    actionGlobs.contains { $0.matches(name) }
  }

  /// Whether `path` is a redacted state path or lies below one.
  func redacts(path: String) -> Bool {
    paths.contains { SnapshotChange.isAncestor($0, of: path) }
  }

  /// Whether a value read at `path` may hold something redacted: the path is redacted, lies
  /// below one, or has a redacted path below it (`account` when `account.password` is).
  func exposesRedacted(path: String) -> Bool {
    paths.contains { SnapshotChange.isAncestor($0, of: path) || SnapshotChange.isAncestor(path, of: $0) }
  }

  /// Whether a node whose values are of the type named `name` (a snapshot's `valueType`) is
  /// of a redacted type, optionals included: its error text may quote its value.
  func redacts(valueTypeNamed name: String?) -> Bool {
    guard let name, !typeNames.isEmpty else { return false }
    if typeNames.contains(name) { return true }
    if name.hasPrefix("Optional<"), name.hasSuffix(">") {
      return redacts(valueTypeNamed: String(name.dropFirst("Optional<".count).dropLast()))
    }
    return false
  }

  /// Whether `value` is of a redacted type (looking through optionals).
  func redacts(value: Any) -> Bool {
    guard !types.isEmpty else { return false }
    if types.contains(ObjectIdentifier(type(of: value))) { return true }
    let parts = Reflector.parts(of: value)
    if parts.kind == .optional, let wrapped = parts.children.first {
      return redacts(value: wrapped.value)
    }
    return false
  }

  /// Whether a value at `path` is redacted, by its path or its type.
  func redacts(_ value: Any, at path: String?) -> Bool {
    if let path, redacts(path: path) { return true }
    return redacts(value: value)
  }

  // MARK: - Previews

  /// The text of a value at `path` (a state path, or `nil` for atoms and selectors): the
  /// marker, a reflected description with redacted parts masked, or the usual preview.
  func preview(_ value: Any, at path: String? = nil, limit: Int? = nil, cache: ReflectionCache? = nil) -> String {
    let limit = limit ?? previewLength
    guard !isEmpty else { return ValuePreview.describe(value, limit: limit, cache: cache) }
    if redacts(value, at: path) { return Redaction.marker }
    var budget = 10_000
    guard holdsRedacted(value, at: path, depth: 0, budget: &budget) else {
      return ValuePreview.describe(value, limit: limit, cache: cache)
    }
    return TextPreview.cut(describe(value, at: path, depth: 0), limit: limit)
  }

  /// Whether something redacted sits inside `value` (by type or path), looking a bounded
  /// depth and number of children deep.
  private func holdsRedacted(_ value: Any, at path: String?, depth: Int, budget: inout Int) -> Bool {
    // Only paths below this one, or redacted types, can be inside.
    let pathRuleBelow = path.map { path in paths.contains { SnapshotChange.isAncestor(path, of: $0) } } ?? false
    guard !types.isEmpty || pathRuleBelow, depth < 12, budget > 0 else { return false }
    for (label, child) in children(of: value, at: path) {
      budget -= 1
      if redacts(child, at: label) { return true }
      if holdsRedacted(child, at: label, depth: depth + 1, budget: &budget) { return true }
    }
    return false
  }

  /// The children of a value with their paths, as `StateDiff` names them.
  private func children(of value: Any, at path: String?) -> [(String?, Any)] {
    let parts = Reflector.parts(of: value)
    func join(_ component: String) -> String? {
      path.map { $0.isEmpty ? component : "\($0).\(component)" }
    }
    switch parts.kind {
    case .optional:
      return parts.children.first.map { [(path, $0.value)] } ?? []
    case .collection, .set:
      return parts.children.enumerated().map { index, child in
        (path.map { "\($0)[\(index)]" }, child.value)
      }
    case .dictionary:
      return parts.children.map { entry in
        let pair = Reflector.parts(of: entry.value).children.map(\.value)
        let key = pair.first.map { ValuePreview.describe($0, limit: 60) } ?? "?"
        return (path.map { "\($0)[\(key)]" }, pair.last ?? entry.value)
      }
    case .enumeration:
      return parts.children.map { (join($0.label ?? ""), $0.value) }
    default:
      return parts.children.enumerated().map { index, child in
        let name = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(index)
        return (join(name), child.value)
      }
    }
  }

  /// Describes a value the way Swift prints it, with redacted parts masked.
  private func describe(_ value: Any, at path: String?, depth: Int) -> String {
    if redacts(value, at: path) { return Redaction.marker }
    let reflected = Reflector.parts(of: value)
    guard depth < 12, !reflected.children.isEmpty || reflected.kind == .collection else {
      return ValuePreview.describe(value, limit: previewLength)
    }
    let parts = children(of: value, at: path)
    func inner(_ child: (String?, Any)) -> String { describe(child.1, at: child.0, depth: depth + 1) }
    switch reflected.kind {
    case .optional:
      return parts.first.map(inner) ?? "nil"
    case .collection, .set:
      return "[" + parts.map(inner).joined(separator: ", ") + "]"
    case .dictionary:
      return "["
        + reflected.children.enumerated().map { index, entry in
          let pair = Reflector.parts(of: entry.value).children.map(\.value)
          let key = pair.first.map { ValuePreview.describe($0, limit: 60) } ?? "?"
          return key + ": " + inner(parts[index])
        }.joined(separator: ", ") + "]"
    case .enumeration:
      let label = reflected.children.first?.label ?? ""
      return "." + label + "(" + parts.map(inner).joined(separator: ", ") + ")"
    case .tuple:
      return "("
        + zip(reflected.children, parts).map { child, part in
          (child.label.map { $0.hasPrefix(".") ? "" : "\($0): " } ?? "") + inner(part)
        }.joined(separator: ", ") + ")"
    default:
      let typeName = ValuePreview.describe(type(of: value), limit: 80)
      return typeName + "("
        + zip(reflected.children, parts).map { child, part in
          (child.label.map { "\($0): " } ?? "") + inner(part)
        }.joined(separator: ", ") + ")"
    }
  }
}

/// The redactor is what a state diff's previews go through.
extension Redactor: ValueMasking {
  var marker: String { Redaction.marker }
}
