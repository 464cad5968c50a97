/// Reads typed fields from JSON, and names the path of any field that is wrong.
///
/// The decoders walk a document with it: ``object(_:)`` and ``array(_:)`` hand over each
/// member or element, and the typed reads (``string()``, ``count()``…) fail with a
/// ``SnapshotError`` that says what was expected, what was found, and where. The path
/// (`nodes[3].kind`) is kept as a stack of steps and spelled out only for an error.
///
/// Null counts as absent: a typed read returns `nil` for it, and the decoder decides whether
/// the field was required.
struct FieldReader {
  var json: JSONReader
  private var steps: [Step] = []

  private enum Step {
    case key(JSONKey)
    case index(Int)
  }

  init(_ json: JSONReader) {
    self.json = json
  }

  /// Decodes one JSON document that fills `bytes` with `body`.
  ///
  /// A syntax error is reported in preference to an error of meaning wherever it is, as a
  /// reader that parsed the whole text first would: when `body` fails, the rest of the text is
  /// checked for one. Positions in the error are byte offsets (see ``SourceText``).
  static func decodeDocument<Value>(
    _ bytes: ByteInput, _ body: (inout FieldReader) throws(SnapshotError) -> Value
  ) throws(SnapshotError) -> Value {
    do {
      return try JSONReader.withReader(bytes) { json throws(SnapshotError) in
        var reader = FieldReader(json)
        let value = try body(&reader)
        try reader.json.finish()
        return value
      }
    } catch {
      if case .malformedJSON = error { throw error }
      throw JSONReader.syntaxError(in: bytes) ?? error
    }
  }

  /// Leaves the member being read, for a reader that goes on through the rest of its object
  /// by hand (a look ahead).
  mutating func leaveMember() {
    _ = steps.popLast()
  }

  /// Runs `body` with `key` as the last step of the path, for members read by hand.
  mutating func within<Value>(_ key: JSONKey, _ body: (inout FieldReader) throws(SnapshotError) -> Value)
    throws(SnapshotError) -> Value
  {
    steps.append(.key(key))
    defer { steps.removeLast() }
    return try body(&self)
  }

  // MARK: - Paths and errors

  /// The path of the field being read, such as `nodes[3].kind`; the root is `$`.
  var path: String { Self.spell(steps[...]) }

  private static func spell(_ steps: ArraySlice<Step>) -> String {
    guard !steps.isEmpty else { return "$" }
    var text = ""
    for step in steps {
      switch step {
      case .key(let key): text += text.isEmpty ? key.string : "." + key.string
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// The location of the value just peeked at or read.
  var location: SnapshotLocation {
    SnapshotLocation(path: path, position: SourcePosition(byteOffset: json.valueStart))
  }

  /// `key` is missing from the object being read, which starts at `objectStart`.
  func missing(_ key: String, objectStart: Int) -> SnapshotError {
    let parent = path
    return .missingField(
      at: SnapshotLocation(
        path: parent == "$" ? key : parent + "." + key, position: SourcePosition(byteOffset: objectStart)))
  }

  /// The value just peeked at is of the right type but not an allowed one.
  func invalid(expected: String) -> SnapshotError {
    .invalidValue(expected: expected, found: json.preview(), at: location)
  }

  private mutating func mismatch(expected: String, found kind: JSONReader.Kind) -> SnapshotError {
    .typeMismatch(expected: expected, found: kind.name, at: location)
  }

  // MARK: - Containers

  /// Reads an object, calling `body` with each member's name and the reader placed at its
  /// value; `body` must read or ``skip()`` that value.
  ///
  /// - Returns: Where the object starts, for ``missing(_:objectStart:)``.
  @discardableResult
  mutating func object(_ body: (inout FieldReader, JSONKey) throws(SnapshotError) -> Void) throws(SnapshotError)
    -> Int
  {
    let kind = try json.peek()
    guard kind == .object else { throw mismatch(expected: "an object", found: kind) }
    let start = json.valueStart
    try json.beginObject()
    var first = true
    while let key = try json.nextMember(isFirst: &first) {
      steps.append(.key(key))
      try body(&self, key)
      steps.removeLast()
    }
    return start
  }

  /// Reads an object into `model` whose one required member, the string `key`, lands at
  /// `field`: `read` takes the other members it knows and says whether it did; the rest are
  /// skipped. For the small records inside a model (a value row, a change, a reach).
  ///
  /// ```swift
  /// let reach = try reader.record(SnapshotReach(subscription: ""), requiring: "subscription", at: \.subscription) {
  ///   reader, key, reach throws(SnapshotError) in
  ///   guard "durationNanos" ~= key else { return false }
  ///   reach.durationNanos = try reader.count()
  ///   return true
  /// }
  /// ```
  @inline(__always)
  mutating func record<Model>(
    _ model: Model, requiring key: StaticString, at field: WritableKeyPath<Model, String>,
    _ read: (inout FieldReader, JSONKey, inout Model) throws(SnapshotError) -> Bool
  ) throws(SnapshotError) -> Model {
    var model = model
    var hasKey = false
    let start = try object { reader, member throws(SnapshotError) in
      if key ~= member {
        model[keyPath: field] = try reader.string().noting(presenceIn: &hasKey, else: "")
      } else if try !read(&reader, member, &model) {
        try reader.skip()
      }
    }
    guard hasKey else { throw missing("\(key)", objectStart: start) }
    return model
  }

  /// Reads an array, calling `body` with each element's index and the reader placed at it.
  mutating func array(_ body: (inout FieldReader, Int) throws(SnapshotError) -> Void) throws(SnapshotError) {
    let kind = try json.peek()
    guard kind == .array else { throw mismatch(expected: "an array", found: kind) }
    try json.beginArray()
    var first = true
    var index = 0
    while try json.nextElement(isFirst: &first) {
      steps.append(.index(index))
      try body(&self, index)
      steps.removeLast()
      index += 1
    }
  }

  /// An array's elements, each read by `element`, or `nil` for null.
  mutating func elements<Element>(_ element: (inout FieldReader) throws(SnapshotError) -> Element)
    throws(SnapshotError) -> [Element]?
  {
    if try isNull() { return nil }
    var elements: [Element] = []
    try array { reader, _ throws(SnapshotError) in elements.append(try element(&reader)) }
    return elements
  }

  /// Skips the value, checking only its syntax: unknown fields are ignored.
  mutating func skip() throws(SnapshotError) {
    try json.skipValue()
  }

  // MARK: - Scalars

  /// Whether the next value is null; it is consumed if so.
  mutating func isNull() throws(SnapshotError) -> Bool {
    guard try json.peek() == .null else { return false }
    try json.readNull()
    return true
  }

  /// A value of JSON type `kind` read by `read`, or `nil` for null; any other type is a
  /// mismatch that names `expected`. The frame of the plain reads (string, boolean); the
  /// enumeration and the integer reads spell it out, as they check the value too and are
  /// the most read fields of a live stream's events, where the closure here is not inlined
  /// (the cost is in Benchmarks/README.md).
  @inline(__always)
  private mutating func typed<Value>(
    _ kind: JSONReader.Kind, expected: String, _ read: (inout FieldReader) throws(SnapshotError) -> Value
  ) throws(SnapshotError) -> Value? {
    let found = try json.peek()
    switch found {
    case kind: return try read(&self)
    case .null:
      try json.readNull()
      return nil
    default: throw mismatch(expected: expected, found: found)
    }
  }

  /// A string, or `nil` for null.
  mutating func string() throws(SnapshotError) -> String? {
    try typed(.string, expected: "a string") { reader throws(SnapshotError) in try reader.json.readString() }
  }

  /// A string that must name one of a set of values (a node's kind, an effect's phase), or
  /// `nil` for null.
  mutating func enumeration<Value>(_ parse: (String) -> Value?, expected: String) throws(SnapshotError) -> Value? {
    try enumeration(matching: { parse($0.string) }, expected: expected)
  }

  /// ``enumeration(_:expected:)`` for an enumeration whose raw values are its names, matched
  /// in place, without making a `String`: for fields read on every event or node, such as an
  /// event's `type` and a node's `kind`.
  mutating func enumeration<Value: CaseIterable & RawRepresentable>(_ type: Value.Type, expected: String)
    throws(SnapshotError) -> Value? where Value.RawValue == String
  {
    try enumeration(matching: { name in Value.allCases.first { name.matches($0.rawValue) } }, expected: expected)
  }

  /// A string matched by `match`, or `nil` for null; a string it does not match is an
  /// invalid value.
  private mutating func enumeration<Value>(matching match: (JSONKey) -> Value?, expected: String)
    throws(SnapshotError) -> Value?
  {
    let kind = try json.peek()
    let before = self
    switch kind {
    case .string:
      guard let value = match(try json.readName()) else { throw before.invalid(expected: expected) }
      return value
    case .null:
      try json.readNull()
      return nil
    default: throw mismatch(expected: "a string", found: kind)
    }
  }

  /// A boolean, or `nil` for null.
  mutating func bool() throws(SnapshotError) -> Bool? {
    try typed(.bool, expected: "a boolean") { reader throws(SnapshotError) in try reader.json.readBool() }
  }

  /// A non-negative integer, or `nil` for null.
  mutating func count() throws(SnapshotError) -> Int? {
    let kind = try json.peek()
    switch kind {
    case .number:
      let before = json
      switch try json.readNumber() {
      case .integer(let value) where value >= 0: return value
      case .integer(let value):
        throw .invalidValue(expected: "a non-negative integer", found: String(value), at: location)
      case .double:
        let found = before.preview()
        // A whole number past Int's range is an integer still, too large (or small) to hold.
        let written = found.hasSuffix("…") ? found.dropLast() : Substring(found)
        if written.dropFirst(written.hasPrefix("-") ? 1 : 0).allSatisfy({ $0.isASCII && $0.isWholeNumber }) {
          let expected = written.hasPrefix("-") ? "a non-negative integer" : "an integer at most \(Int.max)"
          throw .invalidValue(expected: expected, found: found, at: location)
        }
        throw .typeMismatch(expected: "an integer", found: found, at: location)
      }
    case .null:
      try json.readNull()
      return nil
    default: throw mismatch(expected: "an integer", found: kind)
    }
  }
}
