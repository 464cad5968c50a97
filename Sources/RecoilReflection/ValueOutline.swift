/// What an outline's rows are made as: one row is a part with parts of its own (`type` set,
/// its rows follow) or a leaf (`value` set), with how many of its parts the bounds left out.
/// The snapshot's `SnapshotValueRow` conforms (in the inspector, which sees both modules), so
/// the row is defined once, in the snapshot model.
///
/// ```swift
/// extension SnapshotValueRow: ValueOutlineRow {}
/// let rows: [SnapshotValueRow] = ValueOutline.rows(of: settings, at: "settings")
/// ```
package protocol ValueOutlineRow {
  init(path: String, type: String?, value: String?, more: Int?)
  var more: Int? { get set }
}

/// A value's structure as rows, one per path, in the order a tree shows them: a struct's
/// fields, an enum's case and payload, a collection's elements, a dictionary's entries, a
/// set's members. Paths are written as ``StateDiff`` writes them (`cart.lines[1].quantity`,
/// `user.favourites{"A"}`, `checkout.step.address` for the payload of the case `address`), so
/// that an action's changes name rows of the outline. Bounded: past `depth` levels, or
/// `children` children of one value, or `rows` rows in all, a row says how many were left out
/// (`more`). Redacted parts are one row holding the masking's marker.
///
/// ```swift
/// struct Settings { var currency = "EUR"; var sizes = [38, 39] }
/// ValueOutline.rows(of: Settings(), at: "settings")
/// // settings (Settings), settings.currency = "EUR", settings.sizes (Array<Int>),
/// // settings.sizes[0] = 38, settings.sizes[1] = 39
/// ```
package enum ValueOutline {
  /// The limits of one outline.
  package struct Limits: Sendable {
    package var depth = 6
    package var children = 50
    package var rows = 400
    package var previewLength = 120

    package init() {}
  }

  /// The rows of `value`, which sits at `path` (the empty path for a whole state).
  package static func rows<Row: ValueOutlineRow>(
    of value: Any, at path: String, limits: Limits = Limits(), masking: (any ValueMasking)? = nil,
    cache: ReflectionCache? = nil
  ) -> [Row] {
    var builder = Builder<Row>(limits: limits, masking: masking ?? NoMasking(), cache: cache)
    builder.add(value, at: path, depth: 0)
    return builder.rows
  }

  private struct Builder<Row: ValueOutlineRow> {
    let limits: Limits
    let masking: any ValueMasking
    let cache: ReflectionCache?
    var rows: [Row] = []

    mutating func leaf(_ value: Any, at path: String) {
      rows.append(
        Row(
          path: path, type: nil, value: masking.preview(value, at: path, limit: limits.previewLength, cache: cache),
          more: nil))
    }

    mutating func add(_ value: Any, at path: String, depth: Int) {
      if !masking.isEmpty, masking.redacts(value, at: path) {
        rows.append(Row(path: path, type: nil, value: masking.marker, more: nil))
        return
      }
      let mirror = Mirror(reflecting: value)
      // The parts of a composite value, with the component each adds to the path.
      var parts: [(component: String, value: Any)] = []
      switch mirror.displayStyle {
      case .optional:
        guard let wrapped = mirror.children.first else { return leaf(value, at: path) }
        return add(wrapped.value, at: path, depth: depth)
      case .struct, .class, .tuple:
        for (index, child) in mirror.children.enumerated() {
          let name = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(index)
          parts.append((StateDiff.join(path, name), child.value))
        }
      case .enum:
        // A case with a payload: the case, then the payload's parts under its label.
        guard let payload = mirror.children.first, let label = payload.label else { return leaf(value, at: path) }
        parts.append((StateDiff.join(path, label), payload.value))
      case .collection:
        for (index, child) in mirror.children.enumerated() { parts.append(("\(path)[\(index)]", child.value)) }
      case .dictionary:
        for entry in StateDiff.keyedEntries(mirror).sorted(by: { $0.key < $1.key }) {
          parts.append(("\(path)[\(entry.key)]", entry.value))
        }
      case .set:
        let members = mirror.children.map {
          masking.preview($0.value, at: path, limit: limits.previewLength, cache: cache)
        }
        for member in members.sorted() { parts.append(("\(path){\(member)}", member)) }
      default:
        return leaf(value, at: path)
      }
      if parts.isEmpty || depth >= limits.depth || rows.count >= limits.rows {
        // A part with nothing inside, or past the bounds: one row with its preview.
        rows.append(
          Row(
            path: path, type: nil, value: masking.preview(value, at: path, limit: limits.previewLength, cache: cache),
            more: parts.isEmpty ? nil : parts.count))
        return
      }
      let shown = min(parts.count, limits.children)
      let row = rows.count
      rows.append(Row(path: path, type: String(describing: type(of: value)), value: nil, more: nil))
      for part in parts.prefix(shown) {
        guard rows.count < limits.rows else {
          rows[row].more = (rows[row].more ?? 0) + 1
          continue
        }
        if mirror.displayStyle == .set {
          rows.append(Row(path: part.component, type: nil, value: part.value as? String, more: nil))
        } else {
          add(part.value, at: part.component, depth: depth + 1)
        }
      }
      if shown < parts.count { rows[row].more = (rows[row].more ?? 0) + parts.count - shown }
    }
  }
}
