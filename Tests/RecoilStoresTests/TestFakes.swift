import RecoilConcurrency
import Synchronization

@testable import RecoilStores

struct UserState: Equatable, Sendable {
  var name = ""
  var signedIn = false
}

struct CartState: Equatable, Sendable {
  var items: [String] = []
}

struct AppState: Equatable, Sendable {
  var user = UserState()
  var cart = CartState()
  var log: [String] = []
}

enum UserAction: Equatable, Sendable {
  case setName(String)
  case signIn
}

enum CartAction: Equatable, Sendable {
  case add(String)
  case clear
}

enum AppAction: Equatable, Sendable {
  case user(UserAction)
  case cart(CartAction)
  case note(String)
}

let userReducer = Reducer<UserState, UserAction> { state, action in
  switch action {
  case .setName(let name): state.name = name
  case .signIn: state.signedIn = true
  }
}

let cartReducer = Reducer<CartState, CartAction>(returning: { state, action in
  var next = state
  switch action {
  case .add(let item): next.items.append(item)
  case .clear: next.items = []
  }
  return next
})

let appReducer = Reducer<AppState, AppAction>.combine(
  userReducer.lift(state: \AppState.user, action: { if case .user(let action) = $0 { action } else { nil } }),
  cartReducer.lift(state: \AppState.cart, action: { if case .cart(let action) = $0 { action } else { nil } }),
  Reducer { state, action in if case .note(let text) = action { state.log.append(text) } }
)

/// Collects values from any thread.
final class Collected<Value: Sendable>: Sendable {
  private let storage = LockedValue<[Value]>([])
  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
  func clear() { storage.withLock { $0.removeAll() } }
}

/// Records store events.
final class RecordingStoreObserver: StoreObserver {
  let events = Collected<StoreEvent>()
  func receive(_ event: StoreEvent) { events.append(event) }

  var actions: [RecordedAction] {
    events.values.compactMap { if case .action(let record) = $0 { record } else { nil } }
  }
}

struct TestError: Error, Equatable {}
