/// The paths that differ between two values, found by reflection over nested structs, classes,
/// enums with payloads, tuples, arrays, dictionaries, sets and optionals.
///
/// Paths read like Swift: `user.name`, `cart.items[2]`, `prices["A1"]`, `status.loaded.0`.
/// Leaves are compared by their description, so any value can be diffed. A struct or tuple
/// whose stored fields are known is compared field by field, whatever its `==` says: the diff
/// shows what changed, even where equality looks away. Other parts that are Equatable and
/// equal are skipped. Previews go through a ``ValueMasking`` (the inspector's redactor): a
/// masked path or value is reported as changed, never with its text.
///
/// ```swift
/// struct Account { var name = "Ann"; var tier = 1 }
/// StateDiff.changes(from: Account(), to: Account(name: "Bo", tier: 1))
/// // [(path: "name", before: "\"Ann\"", after: "\"Bo\"")]
/// ```
///
/// A change is handed back as its parts: its path and the previews before and after (`nil`
/// where the path was absent). The caller makes its own record of them, the inspector a
/// `SnapshotChange`, so that a change is one type, the snapshot model's.
package enum StateDiff {
  /// A path that differs, and its value's previews before and after.
  package typealias Change = (path: String, before: String?, after: String?)

  /// The paths that differ, in the order found, at most `limit` of them.
  package static func changes(
    from before: Any, to after: Any, path: String = "", previewLength: Int = 120, limit: Int = 50,
    masking: (any ValueMasking)? = nil, cache: ReflectionCache = ReflectionCache()
  ) -> [Change] {
    var result: [Change] = []
    let redactor = masking ?? NoMasking()
    let context = Context(previewLength: previewLength, limit: limit, redactor: redactor, cache: cache)
    collect(before, after, path: path, context, into: &result)
    return result
  }

  /// What stays the same throughout one diff.
  private struct Context {
    let previewLength: Int
    let limit: Int
    let redactor: any ValueMasking
    let cache: ReflectionCache
  }

  private static func collect(
    _ before: Any, _ after: Any, path: String, _ context: Context, into result: inout [Change]
  ) {
    let (previewLength, limit, redactor) = (context.previewLength, context.limit, context.redactor)
    guard result.count < limit else { return }
    let scalars = ReflectionCache.isScalar(before) && ReflectionCache.isScalar(after)
    let sameType = type(of: before) == type(of: after)
    // A struct or tuple whose fields are known is compared field by field below: only the
    // fields whose bytes differ are looked into, and each of those is compared as a whole.
    let fields = !scalars && sameType ? context.cache.fields(of: before) : nil
    // Other equal parts are skipped without reflecting on them: an action usually changes one
    // path of a state whose types are Equatable. Scalars are compared by their text below,
    // which they are equal by, without the casts that comparing them as Equatable takes. A
    // whole struct with known fields is not: `==` copies both values out of their boxes and
    // compares every field, where the bytes settle most of them, and an action nearly always
    // changes its state.
    if !scalars, fields == nil, context.cache.isEqual(before, after) == true { return }
    func collect(_ before: Any, _ after: Any, path: String, into result: inout [Change]) {
      Self.collect(before, after, path: path, context, into: &result)
    }
    // A redacted part is compared, but only ever shown as the marker.
    if !redactor.isEmpty, redactor.redacts(before, at: path) || redactor.redacts(after, at: path) {
      if ScalarText.reflecting(before) != ScalarText.reflecting(after) {
        result.append(
          (path: path.isEmpty ? "self" : path, before: redactor.marker, after: redactor.marker))
      }
      return
    }
    // A scalar has no parts, and its preview is the text it is compared by.
    if scalars {
      let (old, new) = (ScalarText.reflecting(before), ScalarText.reflecting(after))
      if old != new {
        result.append(
          (
            path: path.isEmpty ? "self" : path, before: ValuePreview.cut(old, limit: previewLength),
            after: ValuePreview.cut(new, limit: previewLength)
          ))
      }
      return
    }
    // The fields whose bytes differ, in the order a mirror shows them.
    if let fields {
      for (label, old, new) in fields.differences(before, after) {
        collect(old, new, path: join(path, label.hasPrefix(".") ? String(label.dropFirst()) : label), into: &result)
      }
      return
    }
    // An enum whose metadata says its cases (see `EnumCases`): as a mirror compares it below,
    // the same case's payloads, else the whole value, without making mirrors.
    if sameType, let cases = context.cache.enumCases(of: before),
      let old = cases.case(of: before), let new = cases.case(of: after)
    {
      guard old.label == new.label, let oldPayload = old.payload, let newPayload = new.payload else {
        return appendLeaf(before, after, path: path, context, into: &result)
      }
      collect(oldPayload, newPayload, path: join(path, old.label), into: &result)
      return
    }
    collectByMirror(before, after, path: path, context, into: &result)
  }

  /// `before` and `after` compared as their mirrors show them, part by part.
  private static func collectByMirror(
    _ before: Any, _ after: Any, path: String, _ context: Context, into result: inout [Change]
  ) {
    let left = Mirror(reflecting: before)
    let right = Mirror(reflecting: after)
    switch (left.displayStyle, right.displayStyle) {
    case (.optional, .optional):
      switch (left.children.first, right.children.first) {
      case (nil, nil): return
      case (let old?, let new?): collect(old.value, new.value, path: path, context, into: &result)
      case (nil, let new?):
        result.append((path: path, before: "nil", after: preview(new.value, path, context)))
      case (let old?, nil):
        result.append((path: path, before: preview(old.value, path, context), after: "nil"))
      }
    case (.struct, .struct), (.class, .class), (.tuple, .tuple):
      guard type(of: before) == type(of: after), left.children.count == right.children.count else {
        return appendLeaf(before, after, path: path, context, into: &result)
      }
      for (index, (old, new)) in zip(left.children, right.children).enumerated() {
        let name = old.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(index)
        collect(old.value, new.value, path: join(path, name), context, into: &result)
      }
    case (.enum, .enum):
      guard let oldCase = left.children.first, let newCase = right.children.first, oldCase.label == newCase.label,
        let label = oldCase.label
      else { return appendLeaf(before, after, path: path, context, into: &result) }
      collect(oldCase.value, newCase.value, path: join(path, label), context, into: &result)
    case (.collection, .collection):
      collectElements(Array(left.children), Array(right.children), path: path, context, into: &result)
    case (.dictionary, .dictionary):
      collectEntries(keyedEntries(left), keyedEntries(right), path: path, context, into: &result)
    case (.set, .set):
      let old = Set(left.children.map { preview($0.value, path, context) })
      let new = Set(right.children.map { preview($0.value, path, context) })
      for removed in old.subtracting(new).sorted() {
        result.append((path: "\(path){\(removed)}", before: removed, after: nil))
      }
      for added in new.subtracting(old).sorted() {
        result.append((path: "\(path){\(added)}", before: nil, after: added))
      }
    default:
      appendLeaf(before, after, path: path, context, into: &result)
    }
  }

  /// A collection's elements compared by index: those past the other's end are added or removed.
  private static func collectElements(
    _ old: [Mirror.Child], _ new: [Mirror.Child], path: String, _ context: Context,
    into result: inout [Change]
  ) {
    for index in 0..<max(old.count, new.count) {
      let elementPath = "\(path)[\(index)]"
      switch (index < old.count, index < new.count) {
      case (true, true): collect(old[index].value, new[index].value, path: elementPath, context, into: &result)
      case (true, false):
        result.append(
          (path: elementPath, before: preview(old[index].value, elementPath, context), after: nil))
      case (false, true):
        result.append(
          (path: elementPath, before: nil, after: preview(new[index].value, elementPath, context)))
      case (false, false): break
      }
      if result.count >= context.limit { return }
    }
  }

  /// A dictionary's entries compared by key, in the keys' order.
  private static func collectEntries(
    _ old: [String: Any], _ new: [String: Any], path: String, _ context: Context, into result: inout [Change]
  ) {
    for key in Set(old.keys).union(new.keys).sorted() {
      let entryPath = "\(path)[\(key)]"
      switch (old[key], new[key]) {
      case (let a?, let b?): collect(a, b, path: entryPath, context, into: &result)
      case (let a?, nil):
        result.append((path: entryPath, before: preview(a, entryPath, context), after: nil))
      case (nil, let b?):
        result.append((path: entryPath, before: nil, after: preview(b, entryPath, context)))
      case (nil, nil): break
      }
      if result.count >= context.limit { return }
    }
  }

  /// A part with no parts to compare: one change, when its text differs.
  private static func appendLeaf(
    _ before: Any, _ after: Any, path: String, _ context: Context, into result: inout [Change]
  ) {
    // Most leaves are unchanged: compare first, make previews only for a change.
    guard ScalarText.reflecting(before) != ScalarText.reflecting(after) else { return }
    result.append(
      (
        path: path.isEmpty ? "self" : path, before: preview(before, path, context), after: preview(after, path, context)
      ))
  }

  private static func preview(_ value: Any, _ path: String, _ context: Context) -> String {
    context.redactor.preview(value, at: path, limit: context.previewLength, cache: context.cache)
  }

  /// A dictionary's entries by their keys' previews: the text a path names an entry by
  /// (`prices["hat"]`), here and in ``ValueOutline``.
  static func keyedEntries(_ mirror: Mirror) -> [String: Any] {
    var entries: [String: Any] = [:]
    for child in mirror.children {
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      guard pair.count == 2 else { continue }
      entries[ValuePreview.describe(pair[0], limit: 60)] = pair[1]
    }
    return entries
  }

  /// `path.component`, or `component` at the top: how a field or a case's payload extends a
  /// path, here and in ``ValueOutline``.
  static func join(_ path: String, _ component: String) -> String {
    path.isEmpty ? component : "\(path).\(component)"
  }
}

/// What a diff's previews go through: the inspector's redactor, which masks secrets.
///
/// ```swift
/// struct Hidden: ValueMasking { … }
/// StateDiff.changes(from: old, to: new, masking: Hidden())
/// ```
package protocol ValueMasking {
  /// Whether nothing is masked, so no path needs a look.
  var isEmpty: Bool { get }
  /// What a masked value is shown as.
  var marker: String { get }
  /// Whether `value` at `path` is masked.
  func redacts(_ value: Any, at path: String?) -> Bool
  /// The preview of `value` at `path`, cut at `limit`, with its masked parts masked.
  func preview(_ value: Any, at path: String?, limit: Int?, cache: ReflectionCache?) -> String
}

/// Previews as ``ValuePreview`` makes them, masking nothing.
struct NoMasking: ValueMasking {
  var isEmpty: Bool { true }
  var marker: String { "" }
  func redacts(_ value: Any, at path: String?) -> Bool { false }
  func preview(_ value: Any, at path: String?, limit: Int?, cache: ReflectionCache?) -> String {
    ValuePreview.describe(value, limit: limit ?? 200, cache: cache)
  }
}
