import Foundation
import OTLPReceiver
import RecoilAtoms
import RecoilSnapshot
import RecoilStores
import Testing

@testable import RecoilInspector

private let secret = "T0KEN-5e4d3c2b"

private struct Basket: Equatable, Sendable {
  var items: [String] = []
  var coupon = ""
}

private enum BasketAction: Equatable, Sendable {
  case add(String)
  case redeem(coupon: String)
}

private let basketReducer = Reducer<Basket, BasketAction> { state, action in
  switch action {
  case .add(let item): state.items.append(item)
  case .redeem(let coupon): state.coupon = coupon
  }
}

private enum Session {
  static let token = Atom("", key: "Session.token")
  static let count = Atom(0, key: "Shop.count")
  static let label = Selector(key: "Shop.label") { get in "\(try get(count)) items" }
}

/// An app's live stream sent to an OpenTelemetry collector (`otlp+http://`): a receiver on
/// loopback built on PyPI's opentelemetry-proto parses every body. Serialized: each test runs
/// a collector process.
@Suite(.serialized) struct OpenTelemetryStreamTests {
  private func configuration() -> InspectorConfiguration {
    var configuration = InspectorConfiguration()
    configuration.appName = "shop"
    configuration.timing = .everyOperation
    configuration.redaction.nodes = ["Session.token"]
    configuration.redaction.actions = ["redeem"]
    configuration.redaction.redact(\Basket.coupon)
    configuration.openTelemetry.headers = ["Authorization": "Bearer 9a8b"]
    configuration.openTelemetry.batchInterval = .milliseconds(100)
    return configuration
  }

  @Test func anAppsTimelineReachesACollectorAsTracesWithItsCausesAndWithoutItsSecrets() throws {
    // The first request is answered 503 with Retry-After: the stream sends it again.
    let collector = try OTLPReceiver.Collector(answers: ["503:1"])
    let inspector = Inspector(configuration: configuration())
    let container = AtomContainer()
    inspector.attach(container)
    let store = Store(initialState: Basket(), reducer: basketReducer, name: "basket")
    inspector.attach(store)
    try inspector.startStreaming(to: EventEndpoint(parsing: "otlp+http://127.0.0.1:\(collector.port)"))
    let subscription = container.subscribe(Session.label, label: "badge") { _ in }
    container.set(Session.token, secret)
    container.set(Session.count, 2)
    store.dispatch(.add("tea"))
    store.dispatch(.redeem(coupon: secret))
    container.set(Session.count, 3)
    inspector.stopStreaming()
    subscription.cancel()
    let snapshot = inspector.snapshot()

    let requests = try collector.requests()
    #expect(requests.first?["status"] as? Int == 503)
    #expect(requests.dropFirst().allSatisfy { $0["status"] as? Int == 200 })
    #expect(requests.count >= 2)
    #expect(requests.allSatisfy { $0["authorization"] as? String == "Bearer 9a8b" })
    #expect(requests.allSatisfy { $0["path"] as? String == "/v1/traces" })

    let bodies = collector.bodies()
    let text = String(decoding: bodies, as: UTF8.self)
    #expect(!text.contains(secret), "a body holds the secret")
    #expect(!text.contains("5e4d3c2b"), "a body holds part of the secret")
    #expect(text.contains(Redaction.marker))
    let parsed = try OTLPReceiver.parse(bodies)

    // Who sent them: the app, this process, its instance (the snapshot says the same).
    let resource = try #require(parsed.resources.first)
    #expect(resource["service.name"] as? String == "shop")
    #expect(resource["process.pid"] as? Int == Int(ProcessInfo.processInfo.processIdentifier))
    #expect(resource["service.instance.id"] as? String == snapshot.app?.instance)
    #expect(snapshot.app?.instance?.isEmpty == false)
    #expect(resource["telemetry.sdk.name"] as? String == "recoil-inspect")

    // A span per entry of the timeline, its parent the entry's cause, its trace its root's.
    let entries = snapshot.timeline
    #expect(!entries.isEmpty)
    #expect(parsed.spans.count == entries.count)
    let spanOfID = Dictionary(
      parsed.spans.map { ($0["spanId"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    let index = TimelineIndex(snapshot)
    let rootTrace = Dictionary(
      parsed.spans.map { ($0["spanId"] as? String ?? "", $0["traceId"] as? String ?? "") },
      uniquingKeysWith: { first, _ in first })
    for entry in entries {
      let span = try #require(spanOfID[OTLPReceiver.hex(entry.seq)], "no span for #\(entry.seq) \(entry.summary)")
      #expect(span["parentSpanId"] as? String == entry.cause.map(OTLPReceiver.hex), "#\(entry.seq)")
      #expect(span["traceId"] as? String == rootTrace[OTLPReceiver.hex(index.root(of: entry).seq)])
      let attributes = try #require(span["attributes"] as? [String: Any])
      #expect(attributes["recoil.timeline.seq"] as? Int == entry.seq)
      #expect((span["end"] as? Int ?? 0) >= (span["start"] as? Int ?? 1))
    }
    // Names as the timeline says them; the action's redacted payload and changed path.
    let redeem = try #require(entries.first { $0.kind == .action && $0.name == "redeem" })
    let redeemSpan = try #require(spanOfID[OTLPReceiver.hex(redeem.seq)])
    #expect(redeemSpan["name"] as? String == "action basket/redeem")
    let redeemAttributes = try #require(redeemSpan["attributes"] as? [String: Any])
    #expect(redeemAttributes["recoil.payload"] as? String == Redaction.marker)
    #expect(redeemAttributes["recoil.changed_paths"] as? [String] == ["coupon"])
    #expect(redeemAttributes["code.filepath"] as? String == "RecoilInspectorTests/OpenTelemetryStreamTests.swift")
    let evaluation = try #require(entries.last { $0.kind == .evaluation && $0.node == "Shop.label" })
    let evaluationSpan = try #require(spanOfID[OTLPReceiver.hex(evaluation.seq)])
    #expect(evaluationSpan["name"] as? String == "evaluate Shop.label")
    let evaluationAttributes = try #require(evaluationSpan["attributes"] as? [String: Any])
    #expect(evaluationAttributes["recoil.node.kind"] as? String == "selector")
    #expect(evaluationAttributes["recoil.value"] as? String == "\"3 items\"")
    #expect(inspector.droppedEventCount == 0)
  }

  @Test func theAppKeepsWorkingWhileTheCollectorIsDownAndCountsWhatItDropped() throws {
    // Nobody listens on a port just released.
    let closed = try OTLPReceiver.Collector(answers: [])
    let port = closed.port
    closed.stop()
    var configuration = configuration()
    configuration.openTelemetry.maxBatchSpans = 64
    let inspector = Inspector(configuration: configuration)
    let store = Store(initialState: Basket(), reducer: basketReducer, name: "basket")
    inspector.attach(store)
    try inspector.startStreaming(to: .otlp(host: "127.0.0.1", port: UInt16(port), path: "/v1/traces"), capacity: 100)
    for number in 0..<5_000 { store.dispatch(.add("item \(number)")) }
    #expect(store.state.items.count == 5_000)
    #expect(store.state.items.last == "item 4999")
    inspector.stopStreaming()
    // Every action is either a span that could not be sent or an event the full queue dropped.
    #expect(inspector.droppedEventCount > 0)
    #expect(inspector.droppedEventCount <= 5_000 * 2)
  }

  @Test func aCollectorElsewhereNeedsTheAppsOptInAndBadEndpointsSayWhy() throws {
    let inspector = Inspector(configuration: configuration())
    #expect {
      try inspector.startStreaming(to: EventEndpoint(parsing: "otlp+http://192.0.2.7:4318"))
    } throws: { error in
      "\(error)".contains("unless InspectorConfiguration.openTelemetry.allowsRemoteCollector is set")
    }
    var headers = configuration()
    headers.openTelemetry.headers = ["X-Bad": "one\r\nInjected: two"]
    #expect {
      try Inspector(configuration: headers).startStreaming(to: .otlp(host: "127.0.0.1", port: 4318, path: "/v1/traces"))
    } throws: { error in
      "\(error)".contains("\"X-Bad\" is not a name and a one-line value")
    }
    // Endpoints as written.
    #expect(
      try EventEndpoint(parsing: "otlp+http://localhost:4318")
        == .otlp(host: "localhost", port: 4318, path: "/v1/traces"))
    #expect(
      try EventEndpoint(parsing: "otlp+http://127.0.0.1:4318/otlp/v1/traces")
        == .otlp(host: "127.0.0.1", port: 4318, path: "/otlp/v1/traces"))
    #expect(
      EventEndpoint.otlp(host: "127.0.0.1", port: 4318, path: "/v1/traces").description
        == "otlp+http://127.0.0.1:4318/v1/traces")
    for text in ["otlp+https://127.0.0.1:4318", "otlp+http://collector.example:4318", "otlp+http://127.0.0.1"] {
      #expect(throws: EventEndpointError.self, "\(text)") { try EventEndpoint(parsing: text) }
    }
    #expect {
      try EventEndpoint(parsing: "otlp+http://127.0.0.1:4318", listening: true)
    } throws: { error in
      "\(error)".contains("an app sends its traces")
    }
  }
}
