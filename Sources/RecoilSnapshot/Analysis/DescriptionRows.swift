/// Reads a value's description back into tree rows, as Swift writes descriptions:
/// `Line(productID: "BT-42", quantity: 3)` (a type's fields), `address("1 Harbor Street")` (a
/// lower-case case's payload), `[1, 2]` (elements), `["a": 1]` (entries), `Set(["A"])`
/// (members), `Optional(5)`, each part at the path a change of it would have. The page reads
/// descriptions the same way (`Web/report/description-rows.js`), so a live session's trees,
/// kept current from its actions' changes, have the rows the page would give them.
///
/// ```swift
/// DescriptionRows.rows(of: #"Line(productID: "BT-42", quantity: 3)"#, at: "lines[0]")
/// // [lines[0]: Line, lines[0].productID = "BT-42", lines[0].quantity = 3]
/// DescriptionRows.rows(of: #"Line(productID: "BT-4…"#, at: "x")  // nil: cut short
/// ```
package struct DescriptionRows {
  private struct Unreadable: Error {}
  private let text: [Unicode.Scalar]
  private var position = 0
  private var rows: [SnapshotValueRow] = []

  /// The rows of `description` at `path`, or `nil` for a text that cannot be read whole (one
  /// cut with "…", say).
  package static func rows(of description: String, at path: String) -> [SnapshotValueRow]? {
    var reader = DescriptionRows(text: Array(description.unicodeScalars))
    do {
      _ = try reader.value(at: path)
      reader.spaces()
      guard reader.position == reader.text.count else { return nil }
      return reader.rows
    } catch {
      return nil
    }
  }

  private init(text: [Unicode.Scalar]) {
    self.text = text
  }

  private func character(_ offset: Int = 0) -> Unicode.Scalar? {
    position + offset < text.count ? text[position + offset] : nil
  }

  private func slice(_ start: Int, _ end: Int) -> String {
    var result = String.UnicodeScalarView()
    result.append(contentsOf: text[start..<end])
    return String(result)
  }

  private mutating func spaces() {
    while character() == " " { position += 1 }
  }

  /// A quoted text or a bare word, up to the next separator.
  private mutating func scalar() throws(Unreadable) -> String {
    let start = position
    if character() == "\"" {
      position += 1
      while let next = character(), next != "\"" { position += next == "\\" ? 2 : 1 }
      guard position < text.count else { throw Unreadable() }
      position += 1
    } else {
      while let next = character(), !",)]:".unicodeScalars.contains(next) {
        if "([{".unicodeScalars.contains(next) { throw Unreadable() }
        position += 1
      }
    }
    let value = slice(start, min(position, text.count)).trimmingSpaces()
    guard !value.isEmpty else { throw Unreadable() }
    return value
  }

  /// After an element: a comma and what follows it, or the list's end (`close`).
  private mutating func separator(_ close: Unicode.Scalar) throws(Unreadable) {
    spaces()
    if character() == "," {
      position += 1
      spaces()
    } else if character() != close {
      throw Unreadable()
    }
  }

  /// The name before a `(` here (a type, possibly generic, or a case), or `nil`.
  private func name() -> String? {
    guard let first = character(), first == "_" || first.properties.isAlphabetic && first.isASCII else { return nil }
    var end = position + 1
    while end < text.count, text[end] != "(" {
      let next = text[end]
      guard next.isASCII,
        next == "_" || next.properties.isAlphabetic || next.properties.numericType != nil
          || ".<>, ".unicodeScalars.contains(next)
      else { return nil }
      end += 1
    }
    return end < text.count ? slice(position, end) : nil
  }

  /// Reads one value at `path`, adding its rows; returns its text.
  private mutating func value(at path: String) throws(Unreadable) -> String {
    spaces()
    let start = position
    let name = name()
    if character() == "[" {
      try collection(at: path, start: start)
    } else if name == "Set" {
      try set(at: path)
    } else if name == "Optional" {
      try optional(at: path)
    } else if let name {
      try record(at: path, name: name)
    } else {
      rows.append(SnapshotValueRow(path: path, value: try scalar()))
    }
    return slice(start, position).trimmingSpaces()
  }

  /// `[a, b]` or `[k: v]`: elements by index, entries by key; empty, a leaf with its text.
  private mutating func collection(at path: String, start: Int) throws(Unreadable) {
    let row = rows.count
    rows.append(SnapshotValueRow(path: path, type: ""))
    position += 1
    spaces()
    if character() == ":" {  // an empty dictionary: [:]
      position += 1
      spaces()
    }
    var index = 0
    while character() != "]" {
      guard position < text.count else { throw Unreadable() }
      let mark = rows.count
      let first = try value(at: "\(path)[\(index)]")
      spaces()
      if character() == ":" {
        // A dictionary entry: its key names it.
        rows.removeSubrange(mark...)
        position += 1
        _ = try value(at: "\(path)[\(first)]")
      }
      index += 1
      try separator("]")
    }
    position += 1
    if index == 0 { rows[row] = SnapshotValueRow(path: path, value: slice(start, position)) }
  }

  /// `Set(["A", "B"])`: each member at `path{member}`.
  private mutating func set(at path: String) throws(Unreadable) {
    position += 3
    guard character() == "(", character(1) == "[" else { throw Unreadable() }
    position += 2
    rows.append(SnapshotValueRow(path: path, type: "Set"))
    spaces()
    while character() != "]" {
      guard position < text.count else { throw Unreadable() }
      let member = try scalar()
      rows.append(SnapshotValueRow(path: "\(path){\(member)}", value: member))
      try separator("]")
    }
    position += 1
    guard character() == ")" else { throw Unreadable() }
    position += 1
  }

  /// `Optional(x)`: its value sits at its own path.
  private mutating func optional(at path: String) throws(Unreadable) {
    position += "Optional(".unicodeScalars.count
    _ = try value(at: path)
    spaces()
    guard character() == ")" else { throw Unreadable() }
    position += 1
  }

  /// `Type(field: x, …)` or `case(x)`: a type's fields under it; a case's payload under the
  /// case's name (one unlabelled payload at the case's path itself).
  private mutating func record(at path: String, name: String) throws(Unreadable) {
    let label = name.trimmingSpaces()
    let caseName = String(label.split(separator: ".").last ?? "")
    let isCase = caseName.unicodeScalars.first.map { $0 == "_" || ("a"..."z").contains($0) } ?? false
    position += name.unicodeScalars.count + 1
    let base = isCase ? (path.isEmpty ? caseName : "\(path).\(caseName)") : path
    rows.append(SnapshotValueRow(path: path, type: isCase ? "" : label))
    if isCase { rows.append(SnapshotValueRow(path: base, type: "")) }
    let caseRow = rows.count - 1
    var unlabelled = 0
    var parts: [String?] = []
    spaces()
    while character() != ")" {
      guard position < text.count else { throw Unreadable() }
      if let field = fieldLabel() {
        position += field.unicodeScalars.count + 2
        parts.append(field)
        _ = try value(at: base.isEmpty ? field : "\(base).\(field)")
      } else {
        parts.append(nil)
        _ = try value(at: isCase ? base : "\(base).\(unlabelled)")
        unlabelled += 1
      }
      try separator(")")
    }
    position += 1
    if isCase && parts.count == 1 && parts[0] == nil { rows.remove(at: caseRow) }
  }

  /// A field's label here (`productID` of `productID: "BT-42"`), or `nil`.
  private func fieldLabel() -> String? {
    guard let first = character(), first.isASCII, first == "_" || first.properties.isAlphabetic else { return nil }
    var end = position + 1
    while end < text.count, text[end].isASCII,
      text[end] == "_" || text[end].properties.isAlphabetic || text[end].properties.numericType != nil
    {
      end += 1
    }
    guard end + 1 < text.count, text[end] == ":", text[end + 1] == " " else { return nil }
    return slice(position, end)
  }
}

extension String {
  /// The text without the spaces at its ends (spaces only: descriptions use no other).
  fileprivate func trimmingSpaces() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " }) else { return "" }
    let last = scalars.lastIndex(where: { $0 != " " })!
    return String(scalars[first...last])
  }
}
