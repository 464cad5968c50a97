import RecoilSnapshot
import RecoilStores

/// The paths that differ between two values, found by reflection over nested structs, classes,
/// enums with payloads, tuples, arrays, dictionaries, sets and optionals.
///
/// Paths read like Swift: `user.name`, `cart.items[2]`, `prices["A1"]`, `status.loaded.0`.
/// Leaves are compared by their description, so any value can be diffed. Previews go through
/// the inspector's ``Redactor``: a redacted path or value is reported as changed, never with
/// its text.
enum StateDiff {
  static func changes(
    from before: Any, to after: Any, path: String = "", previewLength: Int = 120, limit: Int = 50,
    redactor: Redactor? = nil
  ) -> [SnapshotChange] {
    var result: [SnapshotChange] = []
    let redactor = redactor ?? Redactor(Redaction(), previewLength: previewLength)
    collect(before, after, path: path, previewLength: previewLength, limit: limit, redactor: redactor, into: &result)
    return result
  }

  private static func collect(
    _ before: Any, _ after: Any, path: String, previewLength: Int, limit: Int, redactor: Redactor,
    into result: inout [SnapshotChange]
  ) {
    guard result.count < limit else { return }
    // Equal parts are skipped without reflecting on them: an action usually changes one path
    // of a state whose types are Equatable.
    if isEqual(before, after) == true { return }
    func preview(_ value: Any, _ at: String) -> String { redactor.preview(value, at: at, limit: previewLength) }
    // A redacted part is compared, but only ever shown as the marker.
    if !redactor.isEmpty, redactor.redacts(before, at: path) || redactor.redacts(after, at: path) {
      if String(reflecting: before) != String(reflecting: after) {
        result.append(
          SnapshotChange(path: path.isEmpty ? "self" : path, before: Redaction.marker, after: Redaction.marker))
      }
      return
    }
    let left = Mirror(reflecting: before)
    let right = Mirror(reflecting: after)
    func leaf() {
      // Most leaves are unchanged: compare first, make previews only for a change.
      guard String(reflecting: before) != String(reflecting: after) else { return }
      result.append(
        SnapshotChange(path: path.isEmpty ? "self" : path, before: preview(before, path), after: preview(after, path)))
    }
    switch (left.displayStyle, right.displayStyle) {
    case (.optional, .optional):
      switch (left.children.first, right.children.first) {
      case (nil, nil): return
      case (let old?, let new?):
        collect(
          old.value, new.value, path: path, previewLength: previewLength, limit: limit, redactor: redactor,
          into: &result)
      case (nil, let new?):
        result.append(
          SnapshotChange(path: path, before: "nil", after: preview(new.value, path)))
      case (let old?, nil):
        result.append(
          SnapshotChange(path: path, before: preview(old.value, path), after: "nil"))
      }
    case (.struct, .struct), (.class, .class), (.tuple, .tuple):
      guard type(of: before) == type(of: after), left.children.count == right.children.count else { return leaf() }
      for (index, (old, new)) in zip(left.children, right.children).enumerated() {
        let name = old.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(index)
        collect(
          old.value, new.value, path: join(path, name), previewLength: previewLength, limit: limit, redactor: redactor,
          into: &result)
      }
    case (.enum, .enum):
      let oldCase = left.children.first
      let newCase = right.children.first
      guard let oldCase, let newCase, oldCase.label == newCase.label, let label = oldCase.label else { return leaf() }
      collect(
        oldCase.value, newCase.value, path: join(path, label), previewLength: previewLength, limit: limit,
        redactor: redactor, into: &result)
    case (.collection, .collection):
      let old = Array(left.children)
      let new = Array(right.children)
      for index in 0..<max(old.count, new.count) {
        let elementPath = "\(path)[\(index)]"
        switch (index < old.count, index < new.count) {
        case (true, true):
          collect(
            old[index].value, new[index].value, path: elementPath, previewLength: previewLength, limit: limit,
            redactor: redactor, into: &result)
        case (true, false):
          result.append(
            SnapshotChange(
              path: elementPath, before: preview(old[index].value, elementPath), after: nil))
        case (false, true):
          result.append(
            SnapshotChange(
              path: elementPath, before: nil, after: preview(new[index].value, elementPath)))
        case (false, false): break
        }
        if result.count >= limit { return }
      }
    case (.dictionary, .dictionary):
      let old = keyedEntries(left)
      let new = keyedEntries(right)
      for key in Set(old.keys).union(new.keys).sorted() {
        let entryPath = "\(path)[\(key)]"
        switch (old[key], new[key]) {
        case (let a?, let b?):
          collect(a, b, path: entryPath, previewLength: previewLength, limit: limit, redactor: redactor, into: &result)
        case (let a?, nil):
          result.append(
            SnapshotChange(path: entryPath, before: preview(a, entryPath), after: nil))
        case (nil, let b?):
          result.append(
            SnapshotChange(path: entryPath, before: nil, after: preview(b, entryPath)))
        case (nil, nil): break
        }
        if result.count >= limit { return }
      }
    case (.set, .set):
      let old = Set(left.children.map { preview($0.value, path) })
      let new = Set(right.children.map { preview($0.value, path) })
      for removed in old.subtracting(new).sorted() {
        result.append(SnapshotChange(path: "\(path){\(removed)}", before: removed, after: nil))
      }
      for added in new.subtracting(old).sorted() {
        result.append(SnapshotChange(path: "\(path){\(added)}", before: nil, after: added))
      }
    default:
      leaf()
    }
  }

  /// Whether two values are equal, when their type is Equatable; `nil` when it is not.
  private static func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    func open<Left: Equatable>(_ left: Left) -> Bool {
      guard let right = rhs as? Left else { return false }
      return left == right
    }
    return open(lhs)
  }

  private static func keyedEntries(_ mirror: Mirror) -> [String: Any] {
    var entries: [String: Any] = [:]
    for child in mirror.children {
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      guard pair.count == 2 else { continue }
      entries[ValuePreview.describe(pair[0], limit: 60)] = pair[1]
    }
    return entries
  }

  private static func join(_ path: String, _ component: String) -> String {
    path.isEmpty ? component : "\(path).\(component)"
  }
}
