import Foundation

/// A `DecodingError` in a line that says what and where: `Pricing.currency: expected String,
/// found number`, `app/Action.setCurrency.code: missing`.
///
/// ```swift
/// catch let error as DecodingError { print(DecodingErrorText.describe(error, subject: "Pricing.currency")) }
/// ```
enum DecodingErrorText {
  static func describe(_ error: any Error, subject: String) -> String {
    guard let error = error as? DecodingError else { return "\(subject): \(error)" }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(subject)\(path(context.codingPath)): expected \(type), found \(found(in: context.debugDescription))"
    case .valueNotFound(let type, let context):
      return "\(subject)\(path(context.codingPath)): expected \(type), found null"
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
}
