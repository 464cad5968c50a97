import Foundation
import RecoilReflection
import RecoilSnapshot

/// A store's action cases, as `control actions` answers them: each case's name and an example
/// of it as JSON to write a `dispatch` from. The example is the latest recorded action of that
/// case, encoded by the action type's own `Encodable` conformance, where nothing in it is
/// redacted (neither its name's rule nor its value's preview says so); for a case without a
/// payload and none recorded, `{"case":{}}`, which is how a synthesized conformance writes
/// it; else none. An action type that is not an enum is one "case", named by its type.
///
/// ```swift
/// let cases = ActionCases(of: AppAction.self, newestFirst: recorded, redactor: redactor)
/// cases.json(store: "app")  // {"cases":[{"case":"click","example":"{\"click\":{}}","recorded":false},…],…}
/// ```
struct ActionCases: Equatable {
  /// One case.
  struct Case: Equatable {
    /// Its name (the enum case's).
    var name: String
    /// An action of this case as JSON, if there is one to give.
    var example: String?
    /// Whether ``example`` is an action the app recorded (else it is the empty payload).
    var isRecorded: Bool
  }

  /// The action type's name.
  var typeName: String
  /// The cases, by name.
  var cases: [Case]

  /// The longest example given, in bytes: a dispatch form is no place for a megabyte.
  static let longestExample = 4_096

  /// The cases of `type`, with examples from `newestFirst` (recorded actions of that type,
  /// the newest first), shown as `redactor` would show them.
  init(of type: Any.Type, newestFirst: [Any], redactor: Redactor) {
    typeName = "\(type)"
    let enumCases = Self.enumCases(of: type)
    var examples: [String: String] = [:]
    for action in newestFirst {
      let name = enumCases.map { Self.caseName(of: action, in: $0) } ?? typeName
      guard examples[name] == nil, let json = Self.example(action, redactor: redactor) else { continue }
      examples[name] = json
      if enumCases == nil { break }
    }
    if let enumCases {
      cases = Self.sortedNames(of: enumCases).map { name, hasPayload in
        if let example = examples[name] { return Case(name: name, example: example, isRecorded: true) }
        return Case(name: name, example: hasPayload ? nil : Self.emptyPayload(of: name), isRecorded: false)
      }
    } else {
      cases = [Case(name: typeName, example: examples[typeName], isRecorded: examples[typeName] != nil)]
    }
  }

  /// `type`'s cases by name, each with whether it has a payload; `nil` when `type` is not an
  /// enum whose cases can be read.
  ///
  /// ```swift
  /// ActionCases.names(of: AppAction.self)  // [("click", false), ("rename", true)]
  /// ```
  static func names(of type: Any.Type) -> [(name: String, hasPayload: Bool)]? {
    enumCases(of: type).map(sortedNames)
  }

  /// How a synthesized `Codable` conformance writes case `name` without a payload.
  ///
  /// ```swift
  /// ActionCases.emptyPayload(of: "click")  // {"click":{}}
  /// ```
  static func emptyPayload(of name: String) -> String { "{\(JSONWriter.quoted(name)):{}}" }

  /// `type`'s cases, read from metadata only where the reflection self-check found it readable.
  private static func enumCases(of type: Any.Type) -> EnumCases? {
    MetadataReading.isEnabled ? EnumCases(type) : nil
  }

  private static func sortedNames(of enumCases: EnumCases) -> [(name: String, hasPayload: Bool)] {
    enumCases.names.sorted { $0.name < $1.name }
  }

  /// The answer's message: `{"cases":[{"case","example","recorded"}…],"store","type"}`.
  func json(store: String) -> String {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.writeObjects(key: "cases", cases) { writer, item in
      writer.write("case", item.name)
      writer.write("example", item.example)
      writer.write("recorded", item.isRecorded)
    }
    writer.write("store", store)
    writer.write("type", typeName)
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The name of `action`'s case: from the metadata, or a mirror's for a payload the metadata
  /// reader leaves to one (an indirect case).
  private static func caseName(of action: Any, in enumCases: EnumCases) -> String {
    if let found = enumCases.case(of: action) { return found.label }
    return Reflector.parts(of: action).children.first?.label ?? "\(action)"
  }

  /// `action` as JSON when its type is `Encodable`, nothing in it is redacted, and it is short
  /// enough; else `nil`.
  private static func example(_ action: Any, redactor: Redactor) -> String? {
    guard let encodable = action as? any Encodable else { return nil }
    if !redactor.isEmpty {
      // The rules by action name, then by type and path: the action's preview, payload
      // included, shows the marker wherever they apply.
      let name = ActionDescription(action) { _ in "" }.name
      if redactor.redacts(actionNamed: name) { return nil }
      if redactor.preview(action, limit: .max).contains(Redaction.marker) { return nil }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(encodable), data.count <= longestExample else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
