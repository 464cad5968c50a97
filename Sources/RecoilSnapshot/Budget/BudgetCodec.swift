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
        try reader.array { reader, _ throws(SnapshotError) in
          var rule = Budget.EvaluationRule(match: "")
          var match: String?
          let start = try reader.object { reader, key throws(SnapshotError) in
            switch key {
            case "match": match = try glob(&reader)
            case "maxCount": rule.maxCount = try reader.count()
            case "maxTotalNanos": rule.maxTotalNanos = try reader.count()
            case "maxMeanNanos": rule.maxMeanNanos = try reader.count()
            case "maxNanos": rule.maxNanos = try reader.count()
            case "maxPerCause": rule.maxPerCause = try reader.count()
            case "maxWasted": rule.maxWasted = try reader.count()
            default:
              throw unknown(reader, "match, maxCount, maxTotalNanos, maxMeanNanos, maxNanos, maxPerCause or maxWasted")
            }
          }
          guard let match else { throw reader.missing("match", objectStart: start) }
          rule.match = match
          budget.evaluations.append(rule)
        }
      case "actions":
        try reader.array { reader, _ throws(SnapshotError) in
          var rule = Budget.ActionRule(match: "")
          var match: String?
          let start = try reader.object { reader, key throws(SnapshotError) in
            switch key {
            case "match": match = try glob(&reader)
            case "maxNanos": rule.maxNanos = try reader.count()
            case "maxEvaluations": rule.maxEvaluations = try reader.count()
            case "maxWrites": rule.maxWrites = try reader.count()
            case "maxNotified": rule.maxNotified = try reader.count()
            default: throw unknown(reader, "match, maxNanos, maxEvaluations, maxWrites or maxNotified")
            }
          }
          guard let match else { throw reader.missing("match", objectStart: start) }
          rule.match = match
          budget.actions.append(rule)
        }
      case "subscribers":
        try reader.array { reader, _ throws(SnapshotError) in
          var rule = Budget.SubscriberRule(match: "")
          var match: String?
          let start = try reader.object { reader, key throws(SnapshotError) in
            switch key {
            case "match": match = try glob(&reader)
            case "maxNanos": rule.maxNanos = try reader.count()
            default: throw unknown(reader, "match or maxNanos")
            }
          }
          guard let match else { throw reader.missing("match", objectStart: start) }
          rule.match = match
          budget.subscribers.append(rule)
        }
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
