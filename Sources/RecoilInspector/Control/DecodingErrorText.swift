import Foundation
import RecoilSnapshot

/// A `DecodingError` in a line that says what and where: `Pricing.currency: expected String,
/// found number`, `app/Action.setCurrency.code: missing`. Where an enum was expected, the line
/// names its cases and how one is written, since the tool's user sees the app's JSON only
/// through its `Codable` conformance: `app/AppAction: "bogus" is not a case of AppAction, whose
/// cases are click and rename; …`.
///
/// ```swift
/// catch { print(DecodingErrorText.describe(error, subject: "Pricing.currency", json: json, type: String.self)) }
/// ```
enum DecodingErrorText {
  /// `error`, from decoding `json` as `type`, said in one line that starts with `subject`.
  static func describe(_ error: any Error, subject: String, json: String, type root: Any.Type) -> String {
    guard let error = error as? DecodingError else { return "\(subject): \(error)" }
    switch error {
    case .typeMismatch(let type, let context):
      let at = "\(subject)\(path(context.codingPath))"
      // What the synthesized conformance of an enum says of an object that names no case,
      // or several: which it named, and what it takes.
      if context.debugDescription.hasPrefix("Invalid number of keys found") {
        return "\(at): \(namedCases(in: json, at: context.codingPath, type: type))"
          + (cases(of: type).map { "; \($0)" } ?? "")
      }
      let found = found(in: context.debugDescription)
      // An enum at the top is read as an object first: say that it is the enum that wanted one.
      if context.codingPath.isEmpty, type is [String: Any].Type, let cases = cases(of: root) {
        return "\(at): expected an object naming one case of \(root), found \(found); \(cases)"
      }
      return "\(at): expected \(name(of: type)), found \(found)"
    case .valueNotFound(let type, let context):
      return "\(subject)\(path(context.codingPath)): expected \(name(of: type)), found null"
    case .keyNotFound(let key, let context):
      return "\(subject)\(path(context.codingPath + [key])): missing"
    case .dataCorrupted(let context):
      return "\(subject)\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(subject): \(error)"
    }
  }

  /// `.items[2].name` from a coding path.
  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
  }

  /// A type as JSON's user knows it: Foundation reads an object as `Dictionary<String, Any>`.
  private static func name(of type: Any.Type) -> String {
    switch type {
    case is [String: Any].Type: "an object"
    case is [Any].Type: "an array"
    default: "\(type)"
    }
  }

  /// What Foundation says it found ("…but found number instead."), or its whole message.
  private static func found(in description: String) -> String {
    guard let start = description.range(of: "found "), let end = description.range(of: " instead") else {
      return description
    }
    // Foundation says "found number" but "found a string": said one way here.
    let found = description[start.upperBound..<end.lowerBound]
    for article in ["a ", "an "] where found.hasPrefix(article) { return String(found.dropFirst(article.count)) }
    return String(found)
  }

  /// What the object at `codingPath` in `json` named instead of one case of `type`.
  private static func namedCases(in json: String, at codingPath: [any CodingKey], type: Any.Type) -> String {
    guard let keys = objectKeys(in: json, at: codingPath) else { return "expected one case of \(type)" }
    switch keys.count {
    case 0: return "{} names no case of \(type)"
    case 1: return "\(quoted(keys[0])) is not a case of \(type)"
    default:
      let shown = keys.sorted().prefix(3).map(quoted).joined(separator: ", ")
      return "an object naming \(keys.count) keys (\(shown)\(keys.count > 3 ? ", …" : "")) is not one case of \(type)"
    }
  }

  /// The keys of the object at `codingPath` in `json`, or `nil` when there is none there.
  private static func objectKeys(in json: String, at codingPath: [any CodingKey]) -> [String]? {
    guard var value = try? JSONValue(parsing: json.utf8) else { return nil }
    for key in codingPath {
      if let elements = value.elements, let index = key.intValue, elements.indices.contains(index) {
        value = elements[index]
      } else if let member = value[key.stringValue] {
        value = member
      } else {
        return nil
      }
    }
    return value.names.map { Array(Set($0)) }
  }

  /// `type`'s cases and how one is written, as its synthesized `Codable` conformance reads it;
  /// `nil` when `type` is not an enum whose cases can be read.
  private static func cases(of type: Any.Type) -> String? {
    guard let names = ActionCases.names(of: type), !names.isEmpty else { return nil }
    let mostNamed = 12
    var list = names.prefix(mostNamed).map(\.name)
    if names.count > mostNamed { list.append("\(names.count - mostNamed) more") }
    let listed = list.count == 1 ? list[0] : list.dropLast().joined(separator: ", ") + " and " + list[list.count - 1]
    let plain = names.first { !$0.hasPayload }
    let example = plain.map { ActionCases.emptyPayload(of: $0.name) } ?? "{\(quoted(names[0].name)):{…}}"
    let payloads = names.contains { $0.hasPayload } ? ", a payload's values inside by label (_0, _1… unlabelled)" : ""
    return "its cases are \(listed), each written as \(example)\(payloads)"
  }

  /// `text` in quotes, cut to 40 characters: it may be anything the tool's user typed.
  private static func quoted(_ text: String) -> String {
    "\"\(text.count > 40 ? text.prefix(39) + "…" : text)\""
  }
}
