import Dispatch
import RecoilAtoms
import RecoilConcurrency
import RecoilInspector
import RecoilSnapshot
import RecoilStores
import Synchronization
import Testing

/// The causal timeline: every operation in one order, each naming its direct cause, across
/// stores and atoms, threads, tasks and effects.
@Suite struct CausalTimelineTests {
  enum Prices {
    static let currency = Atom("EUR", key: "Prices.currency")
    static let label = Selector(key: "Prices.label") { get in "price in \(try get(currency))" }
  }

  struct Settings: Sendable, Equatable {
    var currency = "EUR"
    var theme = "light"
  }

  enum SettingsAction: Sendable {
    case setCurrency(String)
    case setTheme(String)
  }

  static func settingsStore() -> Store<Settings, SettingsAction> {
    Store(
      initialState: Settings(),
      reducer: Reducer { state, action in
        switch action {
        case .setCurrency(let currency): state.currency = currency
        case .setTheme(let theme): state.theme = theme
        }
      }, name: "settings")
  }

  /// The chain of causes from an entry back to its root, root first.
  static func chain(to event: SnapshotEntry, in timeline: [SnapshotEntry]) -> [SnapshotEntry] {
    var chain = [event]
    while let cause = chain[0].cause, let step = timeline.first(where: { $0.seq == cause }) {
      chain.insert(step, at: 0)
    }
    return chain
  }

  static func describe(_ chain: [SnapshotEntry]) -> [String] {
    chain.map { "\($0.kind.rawValue) \($0.node ?? $0.name ?? $0.store ?? "")" }
  }

  @Test func aStoreSubscriberWritingAnAtomLinksActionWriteAndEvaluation() throws {
    let container = AtomContainer()
    let store = Self.settingsStore()
    let inspector = Inspector()
    inspector.attach(container)
    inspector.attach(store)
    let label = container.subscribe(Prices.label) { _ in }
    let copy = store.subscribe { settings in container.set(Prices.currency, settings.currency) }
    defer {
      label.cancel()
      copy.cancel()
    }

    store.dispatch(.setCurrency("USD"))

    let snapshot = inspector.snapshot()
    let timeline = snapshot.timeline
    #expect(timeline.map(\.seq) == timeline.map(\.seq).sorted())
    let evaluation = try #require(
      timeline.last { $0.kind == .evaluation && $0.node == "Prices.label" })
    let chain = Self.chain(to: evaluation, in: timeline)
    #expect(
      Self.describe(chain) == [
        "action setCurrency", "notification settings", "write Prices.currency", "evaluation Prices.label",
      ])
    #expect(chain[0].site?.hasPrefix("RecoilInspectorTests/CausalTimelineTests.swift:") == true)
    #expect(chain[2].before == "\"EUR\"" && chain[2].after == "\"USD\"")
    #expect(chain[2].site?.hasPrefix("RecoilInspectorTests/CausalTimelineTests.swift:") == true)
    #expect(chain[3].trigger == "dependency Prices.currency" && chain[3].changed == true)
    // The store's slice drives the atom, drawn apart from dependencies.
    #expect(snapshot.edges.contains(SnapshotEdge(from: "settings.currency", to: "Prices.currency", kind: .drives)))
    // And the snapshot keeps it through the codec.
    let decoded = try SnapshotCodec.decode(SnapshotCodec.encode(snapshot))
    #expect(decoded.timeline == snapshot.timeline)
    #expect(decoded.edges == snapshot.edges)
  }

  /// A replaced reducer (Redux's `replaceReducer`) is an entry of its store's, between the
  /// actions before and after it, where the app replaced it (issue 57).
  @Test func aReplacedReducerIsAnEntryBetweenTheActions() throws {
    let store = Self.settingsStore()
    let inspector = Inspector()
    inspector.attach(store)
    store.dispatch(.setCurrency("USD"))
    store.replaceReducer(Reducer { state, _ in state.theme = "dark" })
    store.dispatch(.setCurrency("GBP"))
    let timeline = inspector.snapshot().timeline.filter { $0.kind == .action }
    #expect(timeline.map { $0.name ?? "" } == ["setCurrency", "replaceReducer", "setCurrency"])
    #expect(timeline[1].store == "settings")
    #expect(timeline[1].site?.hasPrefix("RecoilInspectorTests/CausalTimelineTests.swift:") == true)
    #expect(store.state == Settings(currency: "USD", theme: "dark"))
    let decoded = try SnapshotCodec.decode(SnapshotCodec.encode(inspector.snapshot()))
    #expect(decoded.timeline.contains { $0.name == "replaceReducer" })
  }

  @Test func aWriteDeliveredOnAnotherQueueKeepsItsCause() async throws {
    let container = AtomContainer()
    let store = Self.settingsStore()
    let inspector = Inspector()
    inspector.attach(container)
    inspector.attach(store)
    let queue = DispatchQueue(label: "CausalTimelineTests.delivery")
    let copy = store.subscribe(delivery: .queue(queue)) { settings in
      container.set(Prices.currency, settings.currency)
    }
    defer { copy.cancel() }

    store.dispatch(.setCurrency("GBP"))
    queue.sync {}  // the delivery ran

    let timeline = inspector.snapshot().timeline
    let write = try #require(timeline.last { $0.kind == .write })
    #expect(
      Self.describe(Self.chain(to: write, in: timeline)) == [
        "action setCurrency", "notification settings", "write Prices.currency",
      ])
  }

  @Test func anActionDispatchedByAnEffectNamesTheEffectAndItsAction() async throws {
    let store = Self.settingsStore()
    store.addEffect(
      Effect(id: "follow-currency", when: { if case .setCurrency = $0 { true } else { false } }) { _, _, context in
        try await Task.sleep(for: .milliseconds(1))
        context.send(.setTheme("dark"))
      })
    let inspector = Inspector()
    inspector.attach(store)

    store.dispatch(.setCurrency("CHF"))
    while store.runningEffectCount > 0 || store.state.theme != "dark" { try await Task.sleep(for: .milliseconds(2)) }

    let timeline = inspector.snapshot().timeline
    let followUp = try #require(timeline.first { $0.kind == .action && $0.name == "setTheme" })
    let chain = Self.chain(to: followUp, in: timeline)
    #expect(Self.describe(chain) == ["action setCurrency", "effect follow-currency", "action setTheme"])
    #expect(chain[1].phase == "started")
    #expect(followUp.site?.hasPrefix("RecoilInspectorTests/CausalTimelineTests.swift:") == true)
    let end = try #require(timeline.first { $0.kind == .effect && $0.phase == "finished" })
    #expect(end.cause == chain[1].seq)
  }

  @Test func anActionDispatchedFromASubscriberIsCausedByTheNotification() throws {
    let store = Self.settingsStore()
    let inspector = Inspector()
    inspector.attach(store)
    let follow = store.subscribe { settings in
      if settings.currency == "JPY" && settings.theme != "dark" { store.dispatch(.setTheme("dark")) }
    }
    defer { follow.cancel() }

    store.dispatch(.setCurrency("JPY"))

    let timeline = inspector.snapshot().timeline
    let followUp = try #require(timeline.first { $0.kind == .action && $0.name == "setTheme" })
    #expect(
      Self.describe(Self.chain(to: followUp, in: timeline)) == [
        "action setCurrency", "notification settings", "action setTheme",
      ])
  }

  @Test func evaluationsThatChangeNothingAreMarkedAndWritesWithoutACauseAreRoots() throws {
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container)
    let parity = Selector(key: "parity") { get in try get(counter) % 2 }
    _ = try container.get(parity)
    container.set(counter, 2)  // parity stays 0: wasted work
    _ = try container.get(parity)

    let timeline = inspector.snapshot().timeline
    let write = try #require(timeline.first { $0.kind == .write })
    #expect(write.cause == nil)
    #expect(write.node == "counter" && write.before == "0" && write.after == "2")
    let rerun = try #require(timeline.last { $0.kind == .evaluation })
    #expect(rerun.cause == write.seq && rerun.changed == false)
  }

  @Test func anAtomEffectsWritesNameTheEffect() async throws {
    let theme = ThemeWithEffect()
    let container = AtomContainer()
    let inspector = Inspector()
    inspector.attach(container)
    #expect(try container.get(theme.atom) == "dark")
    try #require(theme.context).setSelf("sepia")

    let timeline = inspector.snapshot().timeline
    let start = try #require(timeline.first { $0.kind == .effect && $0.phase == "started" })
    #expect(start.node == "theme" && start.name == "load theme" && start.cause == nil)
    let writes = timeline.filter { $0.kind == .write }
    #expect(writes.map(\.after) == ["\"dark\"", "\"sepia\""])
    #expect(writes.allSatisfy { $0.cause == start.seq })
    // Each write where it was made: the effect's first in its closure, the later one here.
    #expect(writes.first?.site?.hasPrefix("RecoilInspectorTests/ThemeWithEffect.swift:") == true)
    #expect(writes.last?.site?.hasPrefix("RecoilInspectorTests/CausalTimelineTests.swift:") == true)
    let failure = try #require(timeline.first { $0.kind == .effect && $0.phase == "failed" })
    #expect(failure.cause == start.seq && failure.error?.contains("Unreadable") == true)
  }

  /// Thousands of actions, whose timeline entries are made in several chunks at once: each
  /// action is followed by its notification, in causal order, each naming its cause.
  @Test func aLongTraceMakesEveryActionAndNotificationInOrder() throws {
    let store = Self.settingsStore()
    let inspector = Inspector()
    inspector.attach(store)
    let subscriber = store.subscribe { _ in }
    defer { subscriber.cancel() }
    for index in 0..<3_000 { store.dispatch(index.isMultiple(of: 2) ? .setTheme("t\(index)") : .setCurrency("c")) }
    let snapshot = inspector.snapshot()
    let timeline = snapshot.timeline.filter { $0.store == "settings" }
    #expect(timeline.count == 6_000)
    #expect(zip(timeline, timeline.dropFirst()).allSatisfy { $0.seq < $1.seq })
    for (index, pair) in stride(from: 0, to: timeline.count, by: 2).map({ (timeline[$0], timeline[$0 + 1]) })
      .enumerated()
    {
      let (action, notification) = pair
      #expect(action.kind == .action && action.action == index + 1 && action.name == snapshot.actions[index].name)
      #expect(action.site?.hasPrefix("RecoilInspectorTests/CausalTimelineTests.swift:") == true)
      #expect(notification.kind == .notification && notification.cause == action.seq && notification.subscribers == 1)
      if action.kind != .action || notification.kind != .notification { break }
    }
  }

  @Test func withNothingRecordingNoCauseIsBoundOrNumbered() {
    let store = Self.settingsStore()
    let seen = Mutex<[UInt64]>([])
    let probe = store.subscribe { _ in seen.withLock { $0.append(CauseContext.current) } }
    defer { probe.cancel() }
    store.dispatch(.setTheme("dark"))
    #expect(seen.withLock { $0 } == [0, 0])  // the current state, then the change
    #expect(store.recordedActions().records.isEmpty)
  }
}

private let counter = Atom(0, key: "counter")
