import RecoilSnapshot

/// A store's or slice's value as tree rows (``SnapshotNode/structure``), kept current in a live
/// session: the app sends the rows once, when its stream starts, and each action after that
/// says only what it changed. The part a change names is replaced by the rows of the change's
/// description of it (``DescriptionRows``; one row holding the description where it cannot be
/// read whole), and a part the change removed goes. Without this, the page would undo the later
/// actions on the rows the stream started with, and show a state the app never held.
///
/// ```swift
/// var rows = [SnapshotValueRow(path: "user", type: "User"), SnapshotValueRow(path: "user.name", value: "\"\"")]
/// LiveStructure.apply(SnapshotChange(path: "user.name", before: "\"\"", after: "\"Ann\""), to: &rows)
/// rows[1].value  // "\"Ann\""
/// ```
enum LiveStructure {
  /// Makes `change` in `rows`, when it is at or inside the part they show (their first row's
  /// path); a change above it (the whole state replaced) leaves them, since an action also
  /// records each changed part whole (``SnapshotAction/slices``).
  static func apply(_ change: SnapshotChange, to rows: inout [SnapshotValueRow]) {
    guard let root = rows.first?.path else { return }
    let path = change.isWholeState ? "" : change.path
    guard path == root || isInside(path, root) else { return }
    var insertAt: Int
    if let at = rows.firstIndex(where: { $0.path == path }) {
      var end = at + 1
      while end < rows.endIndex && isInside(rows[end].path, path) { end += 1 }
      rows.removeSubrange(at..<end)
      insertAt = at
    } else {
      // A new part (an element added, a case's payload): among its parent's parts, in order.
      guard change.after != nil, let parent = rows.lastIndex(where: { isInside(path, $0.path) }) else { return }
      if rows[parent].type == nil { rows[parent] = SnapshotValueRow(path: rows[parent].path, type: "") }
      insertAt = place(of: path, under: parent, in: rows)
    }
    if let after = change.after {
      let parts = DescriptionRows.rows(of: after, at: path) ?? [SnapshotValueRow(path: path, value: after)]
      rows.insert(contentsOf: parts, at: insertAt)
    }
  }

  /// Whether `path` lies inside the part at `ancestor` (`lines[1].quantity` inside `lines`,
  /// `user.favourites{"A"}` inside `user.favourites`; everything inside the whole state, `""`).
  static func isInside(_ path: String, _ ancestor: String) -> Bool {
    guard !ancestor.isEmpty else { return !path.isEmpty }
    guard path.utf8.count > ancestor.utf8.count, path.hasPrefix(ancestor) else { return false }
    let next = path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: ancestor.utf8.count)]
    return next == UInt8(ascii: ".") || next == UInt8(ascii: "[") || next == UInt8(ascii: "{")
  }

  /// Where a new part at `path` goes among the parts of row `parent`: before the first sibling
  /// that sorts after it (elements by index, anything else by its text), else after them all.
  private static func place(of path: String, under parent: Int, in rows: [SnapshotValueRow]) -> Int {
    let parentPath = rows[parent].path
    let key = siblingKey(path, parentPath)
    var position = parent + 1
    var child: String?  // the sibling whose parts are being passed over
    while position < rows.endIndex && isInside(rows[position].path, parentPath) {
      let row = rows[position]
      if child == nil || !isInside(row.path, child!) {
        if siblingKey(row.path, parentPath) > key { break }
        child = row.path
      }
      position += 1
    }
    return position
  }

  /// The order of a path among its siblings: an index as a number first, anything else by text.
  private static func siblingKey(_ path: String, _ parent: String) -> SiblingKey {
    let component = path.dropFirst(parent.count)
    if component.first == "[", component.last == "]", let index = Int(component.dropFirst().dropLast()) {
      return SiblingKey(isIndex: true, index: index, text: "")
    }
    return SiblingKey(isIndex: false, index: 0, text: String(component))
  }

  private struct SiblingKey: Comparable {
    var isIndex: Bool
    var index: Int
    var text: String

    static func < (a: Self, b: Self) -> Bool {
      if a.isIndex != b.isIndex { return a.isIndex }
      return a.isIndex ? a.index < b.index : a.text < b.text
    }
  }
}
