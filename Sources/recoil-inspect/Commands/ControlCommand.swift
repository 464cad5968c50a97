import Foundation
import RecoilSnapshot

/// `recoil-inspect control OPERATION …`: asks an app connected to a running `live --serve`
/// to change (set, dispatch, jump back, stub), prints its answer, and exits 1 when it refused.
struct ControlCommand: Command {
  static let name = "control"
  static let summary = "Change a running app through live --serve: set, dispatch, jump, skip, stub."
  static let operands = "<operation> <argument>..."
  static let discussion = """
    Operations (the app must allow each, with InspectorConfiguration.remoteControl):
      set ID JSON          give atom ID a value (JSON, decoded by the atom's own type)
      reset ID             give atom ID its default value back
      dispatch STORE JSON  send an action (JSON, decoded by the store's Action type)
      actions STORE        list the store's action cases, each with an example to dispatch:
                           the latest recorded, where its Action is Encodable and unredacted
      jump SEQ             take the app back to its state as of timeline entry #SEQ
      resume               return from a jump to the present (held actions then run)
      skip SEQ             replay the store without the action at #SEQ
      stub ID (--value JSON | --error MESSAGE | --loading)
                           make selector ID have a value, fail or load
      unstub ID            undo a stub
    --server takes the address live --serve printed, token included; without it,
    $RECOIL_INSPECT_SERVER. --app names the app when several are connected. Prints the
    app's answer; exits 1 when the request was refused (by the app, or by the server for an
    app it cannot tell: the message says what and where), 69 when the server cannot be
    reached or the app does not answer.
    """
  static let options: [OptionSpec] = [
    .option("server", value: "url", help: "The address live --serve printed (default: $RECOIL_INSPECT_SERVER)."),
    .option("app", value: "name", help: "The app to ask, by name, when several are connected."),
    .option("value", value: "json", help: "stub: the value the selector has."),
    .option("error", value: "message", help: "stub: the error the selector fails with."),
    .flag("loading", help: "stub: the selector is loading."),
  ]
  static var readsSnapshots: Bool { false }

  var server: ControlClient.Server
  var app: String?
  var request: ControlRequest

  init(_ arguments: ParsedArguments) throws(UsageError) {
    try self.init(arguments, environment: ProcessInfo.processInfo.environment)
  }

  init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
    guard
      let address = arguments.value("server") ?? environment["RECOIL_INSPECT_SERVER"].flatMap({ $0.isEmpty ? nil : $0 })
    else {
      throw .missingValue(option: "--server", valueName: "url (or set RECOIL_INSPECT_SERVER)")
    }
    server = try ControlClient.Server(parsing: address)
    app = arguments.value("app")
    var operands = arguments.positionals
    guard !operands.isEmpty else { throw .missingArgument("<operation>") }
    let name = operands.removeFirst()
    guard let operation = ControlRequest.Operation(rawValue: name) else {
      let known = ControlRequest.Operation.allCases.map(\.rawValue)
      throw .unknownName(option: "<operation>", kind: "operation", name: name, known: known)
    }
    func take(_ what: String) throws(UsageError) -> String {
      guard !operands.isEmpty else { throw .missingArgument(what) }
      return operands.removeFirst()
    }
    func json(_ text: String, _ what: String) throws(UsageError) -> String {
      guard (try? JSONValue(parsing: text.utf8)) != nil else {
        throw .invalidValue(option: what, value: text, expected: "JSON (a string is quoted: '\"EUR\"')")
      }
      return text
    }
    func step(_ text: String) throws(UsageError) -> Int {
      guard let seq = Int(text.drop { $0 == "#" }), seq > 0 else {
        throw .invalidValue(option: "<seq>", value: text, expected: "a timeline entry's number, such as 812")
      }
      return seq
    }
    var request = ControlRequest(id: 0, operation: operation, by: "recoil-inspect control")
    switch operation {
    case .set:
      request.node = try take("<id>")
      request.json = try json(try take("<json>"), "<json>")
    case .reset, .unstub: request.node = try take("<id>")
    case .dispatch:
      request.store = try take("<store>")
      request.json = try json(try take("<json>"), "<json>")
    case .actions: request.store = try take("<store>")
    case .jump, .skip: request.seq = try step(try take("<seq>"))
    case .resume: break
    case .stub:
      request.node = try take("<id>")
      request.json = try arguments.value("value").map { (text) throws(UsageError) in try json(text, "--value") }
      request.error = arguments.value("error")
      request.loading = arguments.has("loading")
      guard (request.json == nil ? 0 : 1) + (request.error == nil ? 0 : 1) + (request.loading ? 1 : 0) == 1 else {
        throw .missingValue(option: "stub", valueName: "exactly one of --value JSON, --error MESSAGE or --loading")
      }
    }
    if operation != .stub {
      for option in ["value", "error", "loading"] where arguments.has(option) || arguments.value(option) != nil {
        throw .unexpectedArgument("--\(option) (only stub takes it)")
      }
    }
    if let extra = operands.first { throw .unexpectedArgument(extra) }
    self.request = request
  }

  func run(streams: StandardStreams) throws(CommandFailure) {
    let answer = try ControlClient.send(request, to: server, app: app)
    if answer.status == 504 || answer.status == 410 {
      throw .unreachable(endpoint: "http://\(server.host):\(server.port)", reason: answer.message)
    }
    guard answer.ok else {
      streams.reportError(answer.message)
      throw .findingsReported
    }
    if request.operation == .actions, let lines = Self.actionLines(answer.message) {
      for line in lines { streams.output(inert(line) + "\n") }
      return
    }
    streams.output(inert(answer.message) + "\n")
  }

  /// An `actions` answer as lines: the store and its action type, then each case and its
  /// example, aligned; `nil` when the answer is not that JSON.
  static func actionLines(_ message: String) -> [String]? {
    guard let object = try? JSONValue(parsing: message.utf8), let store = object["store"]?.string,
      let type = object["type"]?.string, let cases = object["cases"]?.elements
    else { return nil }
    let names = cases.map { $0["case"]?.string ?? "?" }
    let width = min(names.map(\.count).max() ?? 0, 24)
    var lines = ["\(store) takes \(type): each case with the latest recorded, or an empty payload"]
    for (name, item) in zip(names, cases) {
      let padding = String(repeating: " ", count: max(width - name.count, 0))
      let example = item["example"]?.string ?? "(none recorded; its payload goes inside by label, _0 unlabelled)"
      lines.append("  \(name)\(padding)  \(example)")
    }
    return lines
  }
}
