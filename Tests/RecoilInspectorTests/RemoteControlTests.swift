import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilSnapshot
import RecoilStores
import Testing

/// Changing the running app from the tool (issue 31), carried out in process with
/// `Inspector.perform`, as the live stream's requests are: each operation, each bad request
/// (state untouched, a clear error), control off by default, jump and resume, skip.
@Suite struct RemoteControlTests {
  enum Pricing {
    static let currency = Atom("EUR", key: "Pricing.currency")
    static let rate = Atom(1.0, key: "Pricing.rate")
    static let label = Selector(key: "Pricing.label") { get in "\(try get(currency)) x\(try get(rate))" }
  }

  struct Counter: Codable, Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  enum CounterAction: Codable, Equatable, Sendable {
    case add(Int)
    case note(String)
  }

  static let reducer = Reducer<Counter, CounterAction> { state, action in
    switch action {
    case .add(let amount): state.count += amount
    case .note(let text): state.log.append(text)
    }
  }

  struct App {
    let inspector: Inspector
    let container = AtomContainer()
    let store = Store(initialState: Counter(), reducer: RemoteControlTests.reducer, name: "counter")

    init(control: RemoteControl = .everything, redactedActions: [String] = []) {
      var configuration = InspectorConfiguration()
      configuration.remoteControl = control
      configuration.redaction.actions = redactedActions
      inspector = Inspector(configuration: configuration)
      inspector.attach(container)
      inspector.attach(store)
      _ = try? container.get(Pricing.label)
    }

    func perform(
      _ operation: ControlRequest.Operation, node: String? = nil, store: String? = nil,
      json: String? = nil, seq: Int? = nil, error: String? = nil, loading: Bool = false
    ) -> ControlAnswer {
      inspector.perform(
        ControlRequest(
          id: 7, operation: operation, node: node, store: store, json: json, seq: seq, error: error, loading: loading,
          by: "a test"))
    }

    /// The timeline's control entries.
    var controls: [SnapshotEntry] { inspector.snapshot().timeline.filter { $0.kind == .control } }
  }

  @Test func setDecodesTheValueWritesTheAtomAndIsARootCauseOfWhatFollows() throws {
    let app = App()
    let answer = app.perform(.set, node: "Pricing.currency", json: #""USD""#)
    #expect(try app.container.get(Pricing.currency) == "USD")
    #expect(try app.container.get(Pricing.label) == "USD x1.0")
    let timeline = app.inspector.snapshot().timeline
    let control = try #require(timeline.first { $0.kind == .control })
    // The answer names the control entry it recorded.
    #expect(answer == ControlAnswer(id: 7, ok: true, message: #"set Pricing.currency = "USD""#, seq: control.seq))
    #expect(control.name == "set" && control.node == "Pricing.currency" && control.value == #""USD""#)
    #expect(control.site == "a test" && control.cause == nil)
    #expect(control.summary == #"set Pricing.currency = "USD" from a test"#)
    let write = try #require(timeline.first { $0.kind == .write && $0.node == "Pricing.currency" })
    #expect(write.cause == control.seq)
    let evaluation = try #require(timeline.last { $0.kind == .evaluation && $0.node == "Pricing.label" })
    #expect(evaluation.cause == write.seq)
  }

  @Test func resetGivesTheDefaultBack() throws {
    let app = App()
    app.container.set(Pricing.currency, "GBP")
    #expect(app.perform(.reset, node: "Pricing.currency").ok)
    #expect(try app.container.get(Pricing.currency) == "EUR")
    #expect(app.controls.map(\.name) == ["reset"])
  }

  @Test func dispatchDecodesTheActionWithTheStoresOwnType() throws {
    let app = App()
    let answer = app.perform(.dispatch, store: "counter", json: #"{"add":{"_0":5}}"#)
    #expect(answer.ok, "\(answer.message)")
    #expect(app.store.state.count == 5)
    let snapshot = app.inspector.snapshot()
    let control = try #require(snapshot.timeline.first { $0.kind == .control })
    let action = try #require(snapshot.timeline.first { $0.kind == .action })
    #expect(action.cause == control.seq && control.store == "counter" && control.name == "dispatch")
  }

  @Test func stubMakesASelectorHaveAValueAnErrorOrBeLoadingAndUnstubUndoesIt() throws {
    let app = App()
    #expect(app.perform(.stub, node: "Pricing.label", json: #""stubbed""#).ok)
    #expect(try app.container.get(Pricing.label) == "stubbed")
    app.container.set(Pricing.currency, "JPY")
    #expect(try app.container.get(Pricing.label) == "stubbed")
    #expect(app.perform(.stub, node: "Pricing.label", error: "offline").ok)
    #expect(throws: (any Error).self) { try app.container.get(Pricing.label) }
    if case .error(let error) = app.container.loadable(Pricing.label) { #expect("\(error)" == "offline") }
    #expect(app.perform(.stub, node: "Pricing.label", loading: true).ok)
    #expect(app.container.loadable(Pricing.label).isLoading)
    #expect(app.perform(.unstub, node: "Pricing.label").ok)
    #expect(try app.container.get(Pricing.label) == "JPY x1.0")
    #expect(app.controls.map(\.value) == [#""stubbed""#, "error: offline", "loading", nil])
  }

  @Test func badRequestsChangeNothingAndSayWhatAndWhere() throws {
    let app = App()
    app.store.dispatch(.add(1))
    let before = (try app.container.get(Pricing.currency), app.store.state)
    // Steps are numbered process-wide, so the one that is not an action is looked up.
    let evaluation = try #require(app.inspector.snapshot().timeline.first { $0.kind == .evaluation }).seq
    let cases: [(ControlAnswer, String)] = [
      (app.perform(.set, node: "Pricing.currency", json: "12"), "Pricing.currency: expected String, found number"),
      (app.perform(.set, node: "Pricing.curency", json: #""X""#), "no node Pricing.curency is in use"),
      (app.perform(.set, node: "Pricing.label", json: #""X""#), "Pricing.label is a selector that cannot be written"),
      (
        app.perform(.dispatch, store: "counter", json: #"{"add":{"_0":"five"}}"#),
        "counter/CounterAction.add._0: expected Int, found string"
      ),
      (app.perform(.dispatch, store: "count", json: "{}"), "no store count is attached; attached: counter"),
      (app.perform(.stub, node: "Pricing.rate", json: "2"), "Pricing.rate is an atom: set it instead of stubbing it"),
      (app.perform(.unstub, node: "Pricing.label"), "Pricing.label is not stubbed"),
      (app.perform(.jump, seq: 0), "is before the recorded history"),
      (app.perform(.jump, seq: Int(Int32.max)), "has not happened yet"),
      (app.perform(.resume), "the app is not jumped"),
      (app.perform(.skip, seq: evaluation), "#\(evaluation) is not a recorded action of any attached store"),
      (app.perform(.set, node: "Pricing.currency"), "`set` needs `value`"),
    ]
    for (answer, expected) in cases {
      #expect(!answer.ok)
      #expect(answer.message.contains(expected), "\(answer.message)")
    }
    #expect(try app.container.get(Pricing.currency) == before.0 && app.store.state == before.1)
    #expect(app.controls.isEmpty)
  }

  /// A look whose theme is an enum inside a struct, inside an array: where a request's JSON
  /// names no case, the answer says where, what it named and which cases there are.
  struct Look: Codable, Equatable, Sendable {
    enum Theme: Codable, Equatable, Sendable { case light, dark, custom(String) }
    var themes: [Theme] = [.light]
  }
  static let look = Atom(Look(), key: "Settings.look")

  @Test func aRequestNamingNoCaseOfAnEnumSaysWhichItNamedAndWhichCasesThereAre() throws {
    let app = App()
    _ = try app.container.get(Self.look)
    let cases = "its cases are add and note, each written as {\"add\":{…}}, a payload's values inside by label"
    let themes = #"its cases are custom, dark and light, each written as {"dark":{}}"#
    let expectations: [(ControlAnswer, String)] = [
      (
        app.perform(.dispatch, store: "counter", json: #"{"bogus":{}}"#),
        #"counter/CounterAction: "bogus" is not a case of CounterAction; "# + cases
      ),
      (
        app.perform(.dispatch, store: "counter", json: "{}"),
        "counter/CounterAction: {} names no case of CounterAction; "
      ),
      (
        app.perform(.dispatch, store: "counter", json: #"{"note":{"_0":"a"},"add":{"_0":1}}"#),
        #"an object naming 2 keys ("add", "note") is not one case of CounterAction"#
      ),
      (
        app.perform(.dispatch, store: "counter", json: #""add""#),
        "counter/CounterAction: expected an object naming one case of CounterAction, found string; " + cases
      ),
      (
        app.perform(.set, node: "Settings.look", json: #"{"themes":["dark"]}"#),
        "Settings.look.themes[0]: expected an object, found string"
      ),
      (
        app.perform(.set, node: "Settings.look", json: #"{"themes":[{"light":{}},{"darker":{}}]}"#),
        #"Settings.look.themes[1]: "darker" is not a case of Theme; "# + themes
      ),
      (
        app.perform(.dispatch, store: "counter", json: "{\"\(String(repeating: "x", count: 100))\":{}}"),
        #""\#(String(repeating: "x", count: 39))…" is not a case"#
      ),
    ]
    for (answer, expected) in expectations {
      #expect(!answer.ok)
      #expect(answer.message.contains(expected), "\(answer.message)")
    }
    #expect(app.store.state == Counter())
    #expect(try app.container.get(Self.look) == Look())
  }

  /// What `actions` answers: the action type's cases, each with the latest recorded action of
  /// that case as JSON.
  static func cases(_ answer: ControlAnswer) throws -> [String: [String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.message.utf8)) as? [String: Any])
    #expect(object["store"] as? String == "counter" && object["type"] as? String == "CounterAction")
    let cases = try #require(object["cases"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: cases.map { ($0["case"] as? String ?? "?", $0) })
  }

  @Test func actionsNamesEachCaseWithTheLatestRecordedAndChangesNothing() throws {
    let app = App()
    let before = app.inspector.snapshot().timeline.count
    var cases = try Self.cases(app.perform(.actions, store: "counter"))
    // Nothing recorded: the cases, and no example for payloads it cannot know.
    #expect(cases.keys.sorted() == ["add", "note"])
    #expect(cases["add"]?["example"] == nil && cases["add"]?["recorded"] as? Bool == false)
    for action in [CounterAction.add(5), .note("first"), .add(7)] { app.store.dispatch(action) }
    cases = try Self.cases(app.perform(.actions, store: "counter"))
    #expect(cases["add"]?["example"] as? String == #"{"add":{"_0":7}}"#)
    #expect(cases["note"]?["example"] as? String == #"{"note":{"_0":"first"}}"#)
    #expect(cases["note"]?["recorded"] as? Bool == true)
    // Each example dispatches as it reads.
    #expect(app.perform(.dispatch, store: "counter", json: #"{"add":{"_0":7}}"#).ok)
    #expect(app.store.state.count == 19)
    // Asking changed nothing: no control entry for it (the dispatch has one).
    let controls = app.controls.map(\.name)
    #expect(controls == ["dispatch"])
    #expect(app.inspector.snapshot().timeline.count > before)
    let unknown = app.perform(.actions, store: "count")
    #expect(!unknown.ok && unknown.message.contains("no store count is attached; attached: counter"))
  }

  @Test func actionsGivesNoExampleOfARedactedActionAndIsAllowedWithDispatch() throws {
    let app = App(redactedActions: ["note"])
    app.store.dispatch(.note("the secret"))
    app.store.dispatch(.add(1))
    let answer = app.perform(.actions, store: "counter")
    #expect(!answer.message.contains("the secret"))
    let cases = try Self.cases(answer)
    #expect(cases["note"]?["example"] == nil && cases["add"]?["example"] as? String == #"{"add":{"_0":1}}"#)
    // Allowed with dispatch, as resume is with jump; refused otherwise.
    #expect(App(control: RemoteControl(allowing: [.dispatch])).perform(.actions, store: "counter").ok)
    let refused = App(control: RemoteControl(allowing: [.set])).perform(.actions, store: "counter")
    #expect(!refused.ok && refused.message.contains("does not allow `actions`"))
  }

  @Test func controlIsOffByDefaultAndOnlyWhatIsAllowedIsDone() throws {
    let off = App(control: InspectorConfiguration().remoteControl)
    for operation in ControlRequest.Operation.allCases {
      let answer = off.perform(operation, node: "Pricing.currency", store: "counter", json: #""USD""#, seq: 1)
      #expect(!answer.ok && answer.message.contains("remote control is off"), "\(operation)")
    }
    #expect(try off.container.get(Pricing.currency) == "EUR")
    let some = App(control: RemoteControl(allowing: [.set]))
    #expect(some.perform(.set, node: "Pricing.currency", json: #""USD""#).ok)
    let refused = some.perform(.dispatch, store: "counter", json: #"{"add":{"_0":1}}"#)
    #expect(!refused.ok && refused.message.contains("does not allow `dispatch`"))
    #expect(some.store.state.count == 0)
  }

  @Test func jumpTakesStoresAndAtomsBackHoldsTheAppsActionsAndResumeReturnsToThePresent() throws {
    let app = App()
    app.store.dispatch(.add(1))
    app.container.set(Pricing.currency, "USD")
    app.store.dispatch(.add(10))
    let step = try #require(app.inspector.snapshot().timeline.first { $0.kind == .action }?.seq)
    app.container.set(Pricing.currency, "GBP")
    app.store.dispatch(.note("late"))
    let present = (try app.container.get(Pricing.currency), app.store.state, try app.container.get(Pricing.label))

    let answer = app.perform(.jump, seq: step)
    #expect(answer.ok, "\(answer.message)")
    #expect(app.inspector.jumpedTo == step)
    #expect(app.store.state == Counter(count: 1))
    #expect(try app.container.get(Pricing.currency) == "EUR")
    #expect(try app.container.get(Pricing.label) == "EUR x1.0")
    // The app's own action while jumped waits; the tool's changes are refused.
    app.store.dispatch(.note("while jumped"))
    #expect(app.store.state == Counter(count: 1))
    #expect(app.perform(.set, node: "Pricing.currency", json: #""CHF""#).message.contains("resume first"))

    #expect(app.perform(.resume).ok)
    #expect(app.inspector.jumpedTo == nil)
    #expect(try app.container.get(Pricing.currency) == present.0)
    #expect(try app.container.get(Pricing.label) == present.2)
    var expected = present.1
    expected.log.append("while jumped")
    #expect(app.store.state == expected)
    #expect(app.controls.map(\.name) == ["jump", "resume"])
  }

  @Test func skipReplaysTheStoreWithoutOneAction() throws {
    let app = App()
    app.store.dispatch(.add(1))
    app.store.dispatch(.add(10))
    app.store.dispatch(.note("n"))
    let actions = app.inspector.snapshot().timeline.filter { $0.kind == .action }
    #expect(app.perform(.skip, seq: actions[1].seq).ok)
    #expect(app.store.state == Counter(count: 1, log: ["n"]))
    // The state put in place is a write of the store's node, caused by the control entry.
    let timeline = app.inspector.snapshot().timeline
    let control = try #require(timeline.last { $0.kind == .control })
    let write = try #require(timeline.last { $0.kind == .write && $0.node == "counter" })
    #expect(write.cause == control.seq && write.after?.contains("count: 1") == true)
    #expect(write.before?.contains("count: 11") == true)
    app.store.dispatch(.add(100))
    #expect(app.store.state.count == 101)
  }
}
