extension SnapshotChange {
  /// Whether this change concerns the state at `path`: it changed that path itself, one of its
  /// ancestors (replacing the whole `lines[1]` changes `lines[1].quantity`), or one of its
  /// descendants (changing `lines[1].quantity` changes `lines`).
  ///
  /// Paths are compared by component, so `lines` is not an ancestor of `linesTotal`.
  ///
  /// ```swift
  /// SnapshotChange(path: "lines[1]", before: nil, after: "…").concerns(path: "lines[1].quantity")  // true
  /// SnapshotChange(path: "linesTotal", before: nil, after: "3").concerns(path: "lines")           // false
  /// ```
  ///
  /// - Parameter other: A state path such as `user.name` or `lines[1].quantity`.
  /// - Returns: Whether the change is at, above or below `path`.
  public func concerns(path other: String) -> Bool {
    Self.isAncestor(path, of: other) || Self.isAncestor(other, of: path)
  }

  /// Whether the change replaced the store's whole state: the diff writes its path `self`
  /// (a state with no parts to name, an `Int` say); `""` is read the same.
  ///
  /// ```swift
  /// SnapshotChange(path: "self", before: "0", after: "1").isWholeState  // true
  /// ```
  public var isWholeState: Bool { path.isEmpty || path == "self" }

  /// The first component of the changed path: the top-level property of the store's state it
  /// is in, which names the slice (`user` for `user.name`, `lines` for `lines[1]`).
  ///
  /// ```swift
  /// SnapshotChange(path: "user.favourites{\"A\"}", before: nil, after: "\"A\"").rootComponent  // "user"
  /// ```
  public var rootComponent: Substring {
    // By bytes: the three separators are ASCII, so where one is found is a character boundary.
    guard
      let end = path.utf8.firstIndex(where: {
        $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{")
      })
    else { return path[...] }
    return path[..<end]
  }

  /// Whether `ancestor` is `path` or a path that contains it: `path` continues it with `.` or `[`.
  package static func isAncestor(_ ancestor: String, of path: String) -> Bool {
    guard path.hasPrefix(ancestor) else { return false }
    guard let next = path.utf8.dropFirst(ancestor.utf8.count).first else { return true }
    return next == UInt8(ascii: ".") || next == UInt8(ascii: "[") || ancestor.isEmpty
  }
}
