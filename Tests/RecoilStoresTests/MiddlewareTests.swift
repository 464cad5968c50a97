import Synchronization
import Testing

@testable import RecoilStores

@Suite struct MiddlewareTests {
  @Test func middlewareCanTransformDropAndLog() {
    let logged = Collected<String>()
    let log = Middleware<AppState, AppAction> { action, context in
      logged.append("\(ActionDescription(action).name) with \(context.state.log.count) notes")
      return action
    }
    let shout = Middleware<AppState, AppAction> { action, _ in
      if case .note(let text) = action { return .note(text.uppercased()) }
      return action
    }
    let dropClear = Middleware<AppState, AppAction> { action, _ in action == .cart(.clear) ? nil : action }
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [log, shout, dropClear])
    store.dispatch(.note("hi"))
    store.dispatch(.cart(.add("boots")))
    store.dispatch(.cart(.clear))
    #expect(store.state.log == ["HI"])
    #expect(store.state.cart.items == ["boots"])
    #expect(logged.values == ["note with 0 notes", "cart(.add) with 1 notes", "cart(.clear) with 1 notes"])
  }

  @Test func middlewareDispatchesAreQueued() {
    let echo = Middleware<AppState, AppAction> { action, context in
      if action == .note("ping") { context.dispatch(.note("pong")) }
      return action
    }
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [echo])
    store.dispatch(.note("ping"))
    #expect(store.state.log == ["ping", "pong"])
  }
}
