import Foundation

/// Reads budget files (see ``Budget``), with errors that name the line, column and field.
///
/// ```swift
/// let budget = try BudgetCodec.decode(Data(contentsOf: url))
/// ```
public enum BudgetCodec {
  /// Decodes a budget from JSON bytes. Unknown fields are errors here, unlike in snapshots:
  /// a misspelt limit would otherwise be silently ignored.
  ///
  /// ```swift
  /// let budget = try BudgetCodec.decode(Data(#"{"cycles":"warn"}"#.utf8))
  /// ```
  ///
  /// - Parameter data: UTF-8 JSON text.
  /// - Returns: The budget.
  /// - Throws: ``SnapshotError`` when the text is not JSON or not a valid budget.
  public static func decode(_ data: Data) throws(SnapshotError) -> Budget {
    do throws(SnapshotError) {
      return try ByteInput.read(data) { bytes throws(SnapshotError) in
        try FieldReader.decodeDocument(bytes) { reader throws(SnapshotError) in try decodeBudget(&reader) }
      }
    } catch {
      throw error.resolvingPositions(in: SourceText(bytes: data))
    }
  }

  private static func decodeBudget(_ reader: inout FieldReader) throws(SnapshotError) -> Budget {
    var budget = Budget()
    try reader.object { reader, key throws(SnapshotError) in
      switch key {
      case "nodes": budget.maxNodes = try limit(&reader)
      case "edges": budget.maxEdges = try limit(&reader)
      case "evaluations":
        budget.evaluations += try rules(
          &reader, Budget.EvaluationRule(match: ""),
          limits: [
            ("maxCount", \.maxCount), ("maxTotalNanos", \.maxTotalNanos), ("maxMeanNanos", \.maxMeanNanos),
            ("maxNanos", \.maxNanos), ("maxPerCause", \.maxPerCause), ("maxWasted", \.maxWasted),
          ])
      case "actions":
        budget.actions += try rules(
          &reader, Budget.ActionRule(match: ""),
          limits: [
            ("maxNanos", \.maxNanos), ("maxEvaluations", \.maxEvaluations), ("maxWrites", \.maxWrites),
            ("maxNotified", \.maxNotified),
          ])
      case "subscribers":
        budget.subscribers += try rules(&reader, Budget.SubscriberRule(match: ""), limits: [("maxNanos", \.maxNanos)])
      case "status":
        try reader.object { reader, key throws(SnapshotError) in
          switch key {
          case "error": budget.onError = try severity(&reader) ?? budget.onError
          case "loading": budget.onLoading = try severity(&reader) ?? budget.onLoading
          default: throw unknown(reader, "error or loading")
          }
        }
      case "cycles": budget.onCycle = try severity(&reader) ?? budget.onCycle
      case "$schema": try reader.skip()
      default: throw unknown(reader, "nodes, edges, evaluations, actions, subscribers, status or cycles")
      }
    }
    return budget
  }

  /// A list of rules, each an object of a required `match` glob and optional limits (counts
  /// or nanoseconds), read into the fields `limits` names: `[{"match": "cart/*", "maxNanos": 5}]`.
  private static func rules<Rule: BudgetRule>(
    _ reader: inout FieldReader, _ empty: Rule, limits: [(name: String, field: WritableKeyPath<Rule, Int?>)]
  ) throws(SnapshotError) -> [Rule] {
    let names = ["match"] + limits.map(\.name)
    let known = names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    var rules: [Rule] = []
    try reader.array { reader, _ throws(SnapshotError) in
      var rule = empty
      var match: String?
      let start = try reader.object { reader, key throws(SnapshotError) in
        if "match" ~= key {
          match = try glob(&reader)
        } else if let limit = limits.first(where: { key.matches($0.name) }) {
          rule[keyPath: limit.field] = try reader.count()
        } else {
          throw unknown(reader, known)
        }
      }
      guard let match else { throw reader.missing("match", objectStart: start) }
      rule.match = match
      rules.append(rule)
    }
    return rules
  }

  /// `{"max": N}`.
  private static func limit(_ reader: inout FieldReader) throws(SnapshotError) -> Int? {
    var max: Int?
    try reader.object { reader, key throws(SnapshotError) in
      guard "max" ~= key else { throw unknown(reader, "max") }
      max = try reader.count()
    }
    return max
  }

  private static func glob(_ reader: inout FieldReader) throws(SnapshotError) -> String? {
    _ = try reader.json.peek()
    let before = reader
    guard let pattern = try reader.string() else { return nil }
    do {
      _ = try Glob(pattern)
    } catch {
      throw before.invalid(expected: "a glob (\(error.reason))")
    }
    return pattern
  }

  private static func severity(_ reader: inout FieldReader) throws(SnapshotError) -> Budget.Severity? {
    try reader.enumeration(Budget.Severity.init(rawValue:), expected: "fail, warn or ignore")
  }

  /// An unknown field, located at its value.
  private static func unknown(_ reader: FieldReader, _ known: String) -> SnapshotError {
    var reader = reader
    _ = try? reader.json.peek()
    return .invalidValue(expected: "one of the fields \(known)", found: "an unknown field", at: reader.location)
  }
}

/// A budget's rule: limits on what a glob (`match`) picks out.
private protocol BudgetRule {
  var match: String { get set }
}

extension Budget.EvaluationRule: BudgetRule {}
extension Budget.ActionRule: BudgetRule {}
extension Budget.SubscriberRule: BudgetRule {}
