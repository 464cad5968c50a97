import Foundation

/// A request from `recoil-inspect` to change a running app (remote control), sent as one line
/// of JSON over the live stream's connection, the one the app opened. The app does it only if
/// its `InspectorConfiguration.remoteControl` allows the operation, and answers with a
/// ``ControlAnswer`` of the same ``id``.
///
/// Values and actions travel as JSON text and are decoded by the app's own `Decodable`
/// conformances: nothing in a request is evaluated.
///
/// ```swift
/// let request = ControlRequest(id: 1, operation: .set, node: "Pricing.currency", json: #""EUR""#)
/// let line = request.encoded()  // {"control":"set","id":1,"node":"Pricing.currency","value":"EUR"}
/// let again = try ControlRequest(parsing: Data(line.utf8))
/// ```
public struct ControlRequest: Sendable, Equatable {
  /// What the tool asks for.
  public enum Operation: String, Sendable, CaseIterable {
    /// Give an atom a value (``ControlRequest/json``).
    case set
    /// Give an atom its default value back.
    case reset
    /// Send an action (``ControlRequest/json``) to a store.
    case dispatch
    /// Take the app back to its state as of a step of the causal timeline
    /// (``ControlRequest/seq``).
    case jump
    /// Return from a jump to the present.
    case resume
    /// Replay a store's actions without one of them (``ControlRequest/seq``, the action's
    /// step), like Redux DevTools' "skip".
    case skip
    /// Make a selector have a value, an error or be loading, whatever it reads.
    case stub
    /// Undo a stub made from the tool.
    case unstub
    /// Ask for a store's action cases (``ControlRequest/store``), each with an example to
    /// write a `dispatch` from: the latest recorded action of that case as JSON, where its
    /// type is `Encodable` and nothing in it is redacted. Changes nothing; allowed with
    /// `dispatch`. The answer's message is JSON (see `Docs/events-v1.md`).
    case actions
  }

  /// The request's number, which its answer repeats.
  public var id: Int
  /// What is asked.
  public var operation: Operation
  /// The node, for `set`, `reset`, `stub` and `unstub`.
  public var node: String?
  /// The store, for `dispatch` and `actions`.
  public var store: String?
  /// The value (`set`, `stub`) or the action (`dispatch`), as JSON text.
  public var json: String?
  /// The step, for `jump` and `skip`: an entry's number in the causal timeline.
  public var seq: Int?
  /// For `stub`: the error message the selector fails with.
  public var error: String?
  /// For `stub`: whether the selector is loading.
  public var loading: Bool
  /// Who asked (`live page`, `recoil-inspect control`), shown in the app's timeline.
  public var by: String?

  /// Creates a request.
  ///
  /// ```swift
  /// let jump = ControlRequest(id: 2, operation: .jump, seq: 812)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Its number.
  ///   - operation: What is asked.
  ///   - node: The node.
  ///   - store: The store.
  ///   - json: The value or action, as JSON text.
  ///   - seq: The step.
  ///   - error: A stub's error message.
  ///   - loading: Whether a stub is loading.
  ///   - by: Who asked.
  public init(
    id: Int, operation: Operation, node: String? = nil, store: String? = nil, json: String? = nil, seq: Int? = nil,
    error: String? = nil, loading: Bool = false, by: String? = nil
  ) {
    self.id = id
    self.operation = operation
    self.node = node
    self.store = store
    self.json = json
    self.seq = seq
    self.error = error
    self.loading = loading
    self.by = by
  }

  /// The request as one line of JSON, without the line break; the value or action is
  /// written as it was given.
  ///
  /// ```swift
  /// connection.send(request.encoded() + "\n")
  /// ```
  public func encoded() -> String {
    var fields = ["\"control\":\(JSONWriter.quoted(operation.rawValue))", "\"id\":\(id)"]
    if let node { fields.append("\"node\":\(JSONWriter.quoted(node))") }
    if let store { fields.append("\"store\":\(JSONWriter.quoted(store))") }
    if let json { fields.append("\"\(operation == .dispatch ? "action" : "value")\":\(json)") }
    if let seq { fields.append("\"seq\":\(seq)") }
    if let error { fields.append("\"error\":\(JSONWriter.quoted(error))") }
    if loading { fields.append("\"loading\":true") }
    if let by { fields.append("\"by\":\(JSONWriter.quoted(by))") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// Reads a request: one JSON object with `control` naming the operation and the fields it
  /// needs. `id` may be absent (0) in what a client sends to `live --serve`, which numbers
  /// requests itself.
  ///
  /// ```swift
  /// let request = try ControlRequest(parsing: Data(#"{"control":"jump","seq":812}"#.utf8))
  /// ```
  ///
  /// - Parameter data: The JSON.
  /// - Throws: ``ControlRequestError`` saying which field is wrong and how.
  public init(parsing data: Data) throws(ControlRequestError) {
    let message: JSONValue
    do {
      message = try JSONValue(parsing: data, as: .request)
    } catch {
      // Where and what, as the reader says it: a request is one line, so a byte's place is
      // its column.
      var detail = ""
      if case .malformedJSON(let reason, let position) = error {
        let place = position.byteOffset.map { " at column \($0 + 1)" } ?? ""
        detail = " (" + reason + place + ")"
      }
      throw ControlRequestError("a control request is a JSON object; this is not JSON" + detail)
    }
    guard message.names != nil else { throw ControlRequestError("a control request is a JSON object") }
    func field(_ key: String) -> JSONValue? {
      message[key].flatMap { $0.isNull ? nil : $0 }
    }
    func text(_ key: String) throws(ControlRequestError) -> String? {
      guard let value = field(key) else { return nil }
      guard let text = value.string else { throw ControlRequestError("`\(key)` must be a string") }
      return text
    }
    func whole(_ key: String) throws(ControlRequestError) -> Int? {
      guard let value = field(key) else { return nil }
      return try Self.whole(value, key: key)
    }
    // Read first, so that whatever else is wrong, the answer names the request it answers.
    let id = try whole("id") ?? 0
    do throws(ControlRequestError) {
      guard let name = try text("control") else {
        throw ControlRequestError(
          "`control` names the operation: \(Operation.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      guard let operation = Operation(rawValue: name) else {
        throw ControlRequestError(
          "unknown operation `\(name)`; known: \(Operation.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      self = ControlRequest(
        id: id, operation: operation, node: try text("node"), store: try text("store"),
        // The value or action exactly as written: the app's own `Decodable` reads it.
        json: message[operation == .dispatch ? "action" : "value"]?.text, seq: try whole("seq"),
        error: try text("error"), loading: field("loading")?.bool == true, by: try text("by"))
      try validate()
    } catch {
      throw ControlRequestError(error.message, requestID: id)
    }
  }

  /// Field `key`'s whole number, exactly: an integer as written, or a number with a fraction
  /// or exponent that is whole (`12.0`, `1e3`).
  private static func whole(_ value: JSONValue, key: String) throws(ControlRequestError) -> Int {
    switch value.content {
    case .integer(let whole): return whole
    case .double(let double) where double.rounded() == double:
      guard let whole = Int(exactly: double) else { throw ControlRequestError("`\(key)` must be at most \(Int.max)") }
      return whole
    default: throw ControlRequestError("`\(key)` must be a whole number")
    }
  }

  /// Checks that the fields the operation needs are there, and nothing contradicts.
  ///
  /// ```swift
  /// try ControlRequest(id: 1, operation: .set, node: "A").validate()  // throws: `value` is needed
  /// ```
  ///
  /// - Throws: ``ControlRequestError`` naming the missing field.
  public func validate() throws(ControlRequestError) {
    func need(_ value: Any?, _ field: String) throws(ControlRequestError) {
      if value == nil { throw ControlRequestError("`\(operation.rawValue)` needs `\(field)`") }
    }
    switch operation {
    case .set:
      try need(node, "node")
      try need(json, "value")
    case .reset, .unstub: try need(node, "node")
    case .actions: try need(store, "store")
    case .dispatch:
      try need(store, "store")
      try need(json, "action")
    case .jump, .skip: try need(seq, "seq")
    case .resume: break
    case .stub:
      try need(node, "node")
      let outcomes = (json == nil ? 0 : 1) + (error == nil ? 0 : 1) + (loading ? 1 : 0)
      if outcomes != 1 { throw ControlRequestError("`stub` needs exactly one of `value`, `error` or `loading`") }
    }
  }
}

/// Why a control request could not be read.
///
/// ```swift
/// catch let error as ControlRequestError { print(error.message) }
/// ```
public struct ControlRequestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, naming the field.
  public var message: String
  /// The request's `id` when it could be read, else 0: an app answers the request it could
  /// not read by it (one from a newer tool, say), so the tool waiting for it hears why.
  public var requestID: Int
  /// Creates the error.
  ///
  /// ```swift
  /// throw ControlRequestError("`seq` must be a whole number", requestID: 12)
  /// ```
  ///
  /// - Parameters:
  ///   - message: What is wrong.
  ///   - requestID: The request's `id`, when it is known.
  public init(_ message: String, requestID: Int = 0) {
    self.message = message
    self.requestID = requestID
  }
  /// The message.
  public var description: String { message }
}

/// An app's answer to a ``ControlRequest``, in its live stream.
///
/// ```swift
/// let answer = ControlAnswer(id: 1, ok: false, message: "Pricing.currency: expected String, found number")
/// ```
public struct ControlAnswer: Sendable, Equatable {
  /// The request's number.
  public var id: Int
  /// Whether the app did what was asked.
  public var ok: Bool
  /// What it did, or why it did not.
  public var message: String
  /// The number of the `control` entry the app recorded for what it did (the cause of what it
  /// changed), so a page can show the app as of it; `nil` for a refusal, or a question that
  /// changed nothing.
  public var seq: Int?

  /// Creates an answer.
  ///
  /// ```swift
  /// let answer = ControlAnswer(id: 3, ok: true, message: "set Pricing.currency", seq: 5120)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The request's number.
  ///   - ok: Whether it was done.
  ///   - message: What was done, or why not.
  ///   - seq: The `control` entry recorded for it, if any.
  public init(id: Int, ok: Bool, message: String, seq: Int? = nil) {
    self.id = id
    self.ok = ok
    self.message = message
    self.seq = seq
  }
}
