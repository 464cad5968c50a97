// Generated from README.md and Docs/*.md by ReadmeExamplesTests: do not edit.
// swift-format-ignore-file

import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilSnapshot
import RecoilStores

/// A block of README.md.
func readmeExample1() async throws {

  enum CartState {
    static let items = Atom<[CartItem]>([], key: "CartState.items")
    static let quantity = AtomFamily(key: "CartState.quantity") { (sku: String) in 0 }
    static let total = Selector(key: "CartState.total") { get in
      try get(items).reduce(0) { sum, item in sum + item.price * Decimal(try get(quantity(item.sku))) }
    }
    static let shipping = AsyncSelector(key: "CartState.shipping") { get in
      try await api.quote(for: try await get(items))
    }
  }

  let container = AtomContainer()                        // one per scope; no global singleton
  container.set(CartState.items, [boots])
  let total = try container.get(CartState.total)         // evaluated lazily, cached
  let quote = try await container.value(CartState.shipping)
  let subscription = container.subscribe(CartState.total) { total in print(total) }
  let observed = container.observe(CartState.total, delivery: .mainActor)   // @Observable, for SwiftUI
  _ = (container, total, quote, subscription, observed)
}

/// A block of README.md.
func readmeExample2() async throws {

  let app = Reducer<AppState, AppAction>.combine(
    userReducer.lift(state: \AppState.user, action: { if case .user(let a) = $0 { a } else { nil } }),
    settingsReducer.lift(state: \AppState.settings, action: { if case .settings(let a) = $0 { a } else { nil } }))
  let store = Store(initialState: AppState(), reducer: app, middleware: [logger], name: "app")
  let subscription = store.subscribe(\.user.name) { name in print("signed in as \(name)") }   // skips repeats
  store.dispatch(.user(.setName("Ann")))

  // Slice style: sub-states with their own reducers, each a stream of distinct values.
  let cart = Store<CartState, CartAction>(initialState: CartState(), name: "cart")
  cart.registerSlice(\.lines, name: "lines", reducer: linesReducer)
  for await lines in cart.slice(\.lines) { render(lines) }

  // Memoized selectors, composable; effects started by actions.
  let count = StoreSelector(name: "count", StoreSelector(name: "lines", \CartState.lines)) { $0.count }
  cart.addEffect(Effect(id: "reserve", extract: { if case .add(let id) = $0 { id } else { nil } }) { id, state, context in
    context.send(.reserved(try await api.reserve(id)))
  })
  _ = (app, store, subscription, cart, count)
}

/// A block of README.md.
func readmeExample3() async throws {

  let inspector = Inspector()
  inspector.attach(container)
  inspector.attach(store)
  try inspector.startStreaming(to: EventEndpoint(parsing: "tcp:127.0.0.1:9999"))
  // …
  try inspector.writeSnapshot(to: URL(filePath: "app.snapshot.json"))   // atomic
  _ = (inspector)
}

/// A block of Docs/atoms.md.
func readmeExample4() async throws {

  enum CartState {
    static let items = Atom<[CartItem]>([], key: "CartState.items")
    static let quantity = AtomFamily(key: "CartState.quantity") { (sku: String) in 0 }
    static let total = Selector(key: "CartState.total") { get in
      try get(items).reduce(0) { sum, item in sum + item.price * Decimal(try get(quantity(item.sku))) }
    }
    static let shipping = AsyncSelector(key: "CartState.shipping") { get in
      try await api.quote(for: try await get(items))
    }
  }

  let container = AtomContainer()                        // one per scope; no global singleton
  container.set(CartState.items, [boots])
  let total = try container.get(CartState.total)         // evaluated lazily, cached
  let quote = try await container.value(CartState.shipping)
  let subscription = container.subscribe(CartState.total) { total in print(total) }
  let observed = container.observe(CartState.total, delivery: .mainActor)   // @Observable, for SwiftUI
  _ = (container, total, quote, subscription, observed)
}

/// A block of Docs/atoms.md.
func readmeExample5() async throws {

  /// Logs every atom effect's failure, such as a preference file that cannot be read.
  final class EffectFailureLog: AtomGraphObserver {
    var interests: AtomGraphEventKinds { [] }  // failures arrive without asking for more
    func receive(_ event: AtomGraphEvent) {
      if case .effectFailed(let node, let effect, let error) = event {
        print("\(node): effect \(effect) failed: \(error)")
      }
    }
  }

  let container = AtomContainer()
  let token = container.addObserver(EffectFailureLog())
  // … use the container …
  container.removeObserver(token)
  _ = (container, token)
}

/// A block of Docs/atoms.md.
func readmeExample6() async throws {

  let items = Atom<[CartItem]>([], key: "Checkout.items")
  let shipping = AsyncSelector(key: "Checkout.shipping") { get in try await api.quote(for: try await get(items)) }
  let summary = Selector(key: "Checkout.summary") { get in
    let (lines, quote) = try get.waitForAll(items, shipping)  // loading until both have values
    return "\(lines.count) items, shipping \(quote)"
  }
  let preview = Selector(key: "Checkout.preview") { get in get.noWait(shipping).value ?? 0 }  // never waits

  let saved = container.snapshot()
  container.set(items, [boots, boots])
  let withOneItem = try await saved.setting(items, to: [boots]).value(summary)   // tried, not applied
  let changed = container.snapshot().changedAtoms(since: saved)           // [Checkout.items]
  container.restore(saved)

  let theme = Atom("light", key: "Settings.theme", effects: [.persisted(in: settingsDirectory.appending(path: "theme.json"))])
  let logged = Atom(0, key: "Debug.counter", effects: [
    AtomEffect("log") { context in
      context.onSet { new, old, _ in print("counter \(old) -> \(new)") }
      return { print("counter released") }
    }
  ])

  let badge = TrackingScope(container: container, delivery: .mainActor) { get in
    let count = (try? get(items))?.count ?? 0     // runs again whenever items changes
    print("cart:", count)
  }
  _ = (items, shipping, summary, preview, saved, withOneItem, changed, theme, logged, badge)
}

/// A block of Docs/inspector.md.
func readmeExample7() async throws {

  let inspector = Inspector()
  inspector.attach(container)
  inspector.attach(store)
  try inspector.startStreaming(to: EventEndpoint(parsing: "tcp:127.0.0.1:9999"))
  // …
  try inspector.writeSnapshot(to: URL(filePath: "app.snapshot.json"))   // atomic
  _ = (inspector)
}

/// A block of Docs/inspector.md.
func readmeExample8() async throws {

  struct APIKey: Sendable { var value: String }
  struct Account: Sendable { var user = ""; var password = "" }
  struct AppState: Sendable { var account = Account() }

  var configuration = InspectorConfiguration()
  configuration.redaction.nodes = ["Session.*", "*.token"]   // atoms and selectors, by id glob
  configuration.redaction.redact(\AppState.account.password)  // a store's state, and all below it
  configuration.redaction.redact(type: APIKey.self)           // a type, wherever it sits
  configuration.redaction.actions = ["signIn"]                // these actions' payloads
  configuration.previewLength = 200                           // previews are cut here, with "…"
  let inspector = Inspector(configuration: configuration)
  _ = (configuration, inspector)
}

/// A block of Docs/inspector.md.
func readmeExample9() async throws {

  var configuration = InspectorConfiguration()
  configuration.actionsNeverRecorded = ["clock(.tick)", "*(.heartbeat)"]
  let inspector = Inspector(configuration: configuration)
  _ = (configuration, inspector)
}

/// A block of Docs/inspector.md.
func readmeExample10() async throws {

  var configuration = InspectorConfiguration()
  configuration.appName = "shop-api"                                   // service.name
  configuration.openTelemetry.headers = ["Authorization": "Bearer 4f1c"]  // a collector's auth
  let inspector = Inspector(configuration: configuration)
  try inspector.startStreaming(to: EventEndpoint(parsing: "otlp+http://127.0.0.1:4318"))
  _ = (configuration, inspector)
}

/// A block of Docs/report-and-live.md.
func readmeExample11() async throws {
  var configuration = InspectorConfiguration()
  #if DEBUG
    configuration.remoteControl = .everything   // or RemoteControl(allowing: [.set, .stub], on: .main)
  #endif
  let inspector = Inspector(configuration: configuration)
  inspector.attach(container)
  inspector.attach(store)
  try inspector.startStreaming(to: EventEndpoint(parsing: "tcp:127.0.0.1:9999"))
  _ = (configuration, inspector)
}

/// A block of Docs/stores.md.
func readmeExample12() async throws {

  let app = Reducer<AppState, AppAction>.combine(
    userReducer.lift(state: \AppState.user, action: { if case .user(let a) = $0 { a } else { nil } }),
    settingsReducer.lift(state: \AppState.settings, action: { if case .settings(let a) = $0 { a } else { nil } }))
  let store = Store(initialState: AppState(), reducer: app, middleware: [logger], name: "app")
  let subscription = store.subscribe(\.user.name) { name in print("signed in as \(name)") }   // skips repeats
  store.dispatch(.user(.setName("Ann")))

  // Slice style: sub-states with their own reducers, each a stream of distinct values.
  let cart = Store<CartState, CartAction>(initialState: CartState(), name: "cart")
  cart.registerSlice(\.lines, name: "lines", reducer: linesReducer)
  for await lines in cart.slice(\.lines) { render(lines) }

  // Memoized selectors, composable; effects started by actions.
  let count = StoreSelector(name: "count", StoreSelector(name: "lines", \CartState.lines)) { $0.count }
  cart.addEffect(Effect(id: "reserve", extract: { if case .add(let id) = $0 { id } else { nil } }) { id, state, context in
    context.send(.reserved(try await api.reserve(id)))
  })
  _ = (app, store, subscription, cart, count)
}

/// A block of Docs/stores.md.
func readmeExample13() async throws {
  let timing = Middleware<AppState, AppAction>.wrapping { action, context, next in
    let start = ContinuousClock.now
    next(action)
    print(action, "took", ContinuousClock.now - start, "user now:", context.state.user.name)
  }
  _ = (timing)
}

/// A block of Docs/stores.md.
func readmeExample14() async throws {
  let app = Reducer<AppState, AppAction> { state, action in
    if case .user(.setName(let name)) = action { state.user.name = name }
  }
  let store = Store(initialState: AppState(), reducer: app)
  store.startRecordingActions()
  store.dispatch(.user(.setName("Ann")))                        // … the session …
  let log = store.actionLog()                                   // ActionLog<AppState, AppAction>
  let replayed = Store(initialState: AppState(), reducer: app)
  replayed.replay(log, through: 12, skipping: [7])              // the state as of #12, without #7
  try TestStore.replay(log, initialState: AppState(), reducer: app)   // fails at the first difference
  _ = (app, store, log, replayed)
}
