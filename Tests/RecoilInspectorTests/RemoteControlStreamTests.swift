import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilSnapshot
import RecoilStores
import Testing

/// Control requests arrive on the live stream's own connection, the one the app opened, and
/// are answered in the stream (issue 31): a request split across writes is read whole, a line
/// that is not a request is answered with what is wrong, an over-long line is dropped, and
/// what the request changed streams with the control entry as its cause.
@Suite struct RemoteControlStreamTests {
  static let currency = Atom("EUR", key: "Pricing.currency")
  static let label = Selector(key: "Pricing.label") { get in "in \(try get(currency))" }

  @Test func requestsComeBackOnTheStreamsConnectionAndAreAnsweredInIt() throws {
    let listener = try OneAppListener()
    var configuration = InspectorConfiguration()
    configuration.remoteControl = .everything
    let inspector = Inspector(configuration: configuration)
    let container = AtomContainer()
    inspector.attach(container)
    let subscription = container.subscribe(Self.label) { _ in }
    defer { subscription.cancel() }
    try inspector.startStreaming(to: .tcp(host: "127.0.0.1", port: listener.port))
    defer { inspector.stopStreaming() }
    try listener.acceptApp()
    _ = listener.lines { $0.contains { $0.contains("\"type\":\"hello\"") } }

    // Garbage, an over-long line, an operation from a newer tool (answered by its id, which
    // the tool waits for), then a request in two pieces.
    listener.send("garbage\n")
    listener.send(String(repeating: "x", count: 1_100_000) + "\n")
    listener.send(#"{"control":"rewind","id":8,"seq":12}"# + "\n")
    listener.send(#"{"control":"set","id":9,"node":"Pricing.cur"#)
    usleep(150_000)
    listener.send(#"rency","value":"USD","by":"a test"}"# + "\n")

    let lines = listener.lines { $0.contains { $0.contains("\"type\":\"answer\"") && $0.contains("\"id\":9") } }
    let events = lines.compactMap { try? InspectorEventCodec.decode(line: $0) }
    let answers = events.compactMap { event -> ControlAnswer? in
      if case .answer(let answer) = event.kind { answer } else { nil }
    }
    #expect(answers.last?.seq != nil)
    #expect(
      answers.map { ControlAnswer(id: $0.id, ok: $0.ok, message: $0.message) } == [
        ControlAnswer(
          id: 0, ok: false,
          message:
            "a control request is a JSON object; this is not JSON (unexpected character 'g'; expected a value at column 1)"
        ),
        ControlAnswer(
          id: 8, ok: false,
          message: "unknown operation `rewind`; known: set, reset, dispatch, jump, resume, skip, stub, unstub, actions"),
        ControlAnswer(id: 9, ok: true, message: #"set Pricing.currency = "USD""#),
      ])
    #expect(try container.get(Self.currency) == "USD")
    // The control entry, the write it caused, the evaluation the write caused.
    let steps = events.compactMap { event -> SnapshotEntry? in
      if case .step(let step) = event.kind { step } else { nil }
    }
    let control = try #require(steps.first { $0.kind == .control })
    #expect(control.name == "set" && control.site == "a test" && control.cause == nil)
    let write = try #require(steps.first { $0.kind == .write && $0.node == "Pricing.currency" })
    #expect(write.cause == control.seq)
    let evaluation = try #require(
      events.first { if case .evaluation(let run) = $0.kind { run.node == "Pricing.label" } else { false } })
    #expect(evaluation.cause == write.seq)
  }

  /// A jump does not outlive its tool: when the listener goes away, the app resumes and the
  /// actions its stores held are processed.
  @Test func anAppJumpedBackResumesWhenItsToolGoesAway() throws {
    let listener = try OneAppListener()
    var configuration = InspectorConfiguration()
    configuration.remoteControl = .everything
    let inspector = Inspector(configuration: configuration)
    let store = Store(initialState: 0, reducer: Reducer<Int, Int> { $0 += $1 }, name: "counter")
    inspector.attach(store)
    try inspector.startStreaming(to: .tcp(host: "127.0.0.1", port: listener.port))
    defer { inspector.stopStreaming() }
    try listener.acceptApp()
    store.dispatch(1)
    store.dispatch(10)
    let first = try #require(inspector.snapshot().timeline.first { $0.kind == .action }?.seq)
    listener.send(#"{"control":"jump","id":1,"seq":\#(first)}"# + "\n")
    _ = listener.lines { $0.contains { $0.contains("\"type\":\"answer\"") } }
    #expect(inspector.jumpedTo == first)
    #expect(store.state == 1)
    store.dispatch(100)  // held while jumped
    #expect(store.state == 1)

    listener.leave()
    let deadline = Date().addingTimeInterval(10)
    while inspector.jumpedTo != nil && Date() < deadline { usleep(20_000) }
    #expect(inspector.jumpedTo == nil)
    #expect(store.state == 111)
    let resume = try #require(inspector.snapshot().timeline.last { $0.kind == .control })
    #expect(resume.name == "resume" && resume.site == "the app (its tool went away)")
  }
}
