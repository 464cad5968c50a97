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

  @Test func aWrappingMiddlewareSeesTheStateAfterTheReducers() {
    let seen = Collected<String>()
    let around = Middleware<AppState, AppAction>.wrapping { action, context, next in
      let before = context.state.log.count
      next(action)
      seen.append("\(before) -> \(context.state.log.count)")
    }
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [around])
    store.dispatch(.note("a"))
    store.dispatch(.note("b"))
    store.dispatch(.cart(.add("boots")))
    #expect(seen.values == ["0 -> 1", "1 -> 2", "2 -> 2"])
    #expect(store.state.log == ["a", "b"])
  }

  @Test func aWrappingMiddlewareDecidesWhetherAndWhatToHandOn() {
    let observer = RecordingStoreObserver()
    let gate = Middleware<AppState, AppAction>.wrapping { action, context, next in
      // Only while the cart is empty, and notes are handed on reversed.
      guard context.state.cart.items.isEmpty else { return }
      if case .note(let text) = action { next(.note(String(text.reversed()))) } else { next(action) }
    }
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [gate])
    store.addObserver(observer)
    store.dispatch(.note("abc"))
    store.dispatch(.cart(.add("boots")))
    store.dispatch(.note("dropped"))
    #expect(store.state.log == ["cba"])
    #expect(store.state.cart.items == ["boots"])
    let dropped = observer.events.values.compactMap { event -> AppAction? in
      if case .actionDropped(_, let action) = event { return action as? AppAction }
      return nil
    }
    #expect(dropped == [.note("dropped")])
  }

  @Test func bothFormsChainInOrder() {
    let order = Collected<String>()
    let first = Middleware<AppState, AppAction> { action, _ in
      order.append("first")
      return action
    }
    let around = Middleware<AppState, AppAction>.wrapping { action, context, next in
      order.append("around: before")
      next(action)
      order.append("around: after, \(context.state.log)")
    }
    let last = Middleware<AppState, AppAction> { action, _ in
      order.append("last")
      return action
    }
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [first, around, last])
    store.dispatch(.note("x"))
    #expect(order.values == ["first", "around: before", "last", "around: after, [\"x\"]"])
  }

  @Test func aWrappingMiddlewaresDispatchesAreQueuedBehindTheAction() {
    let around = Middleware<AppState, AppAction>.wrapping { action, context, next in
      if action == .note("ping") { context.dispatch(.note("pong")) }
      next(action)
      // The queued action has not run yet: it runs after this one completes.
      if action == .note("ping") { #expect(context.state.log == ["ping"]) }
    }
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [around])
    store.dispatch(.note("ping"))
    #expect(store.state.log == ["ping", "pong"])
  }

  /// A middleware may keep its context past its call, to dispatch a request's reply from a
  /// task, say, or keep the latest one to dispatch what a socket receives. Kept, it neither
  /// keeps its store alive (no cycle through the middleware) nor breaks once the store has gone:
  /// dispatching then does nothing, and the state is the one the store had when that action
  /// began.
  @Test func aContextKeptPastItsStoreNeitherKeepsItNorBreaks() async {
    let kept = Mutex<MiddlewareContext<AppState, AppAction>?>(nil)
    let keep = Middleware<AppState, AppAction> { action, context in
      kept.withLock { $0 = context }
      return action
    }
    weak var gone: Store<AppState, AppAction>?
    do {
      let store = Store(initialState: AppState(), reducer: appReducer, middleware: [keep])
      gone = store
      store.dispatch(.note("a"))
      store.dispatch(.note("b"))
      kept.withLock { $0 }?.dispatch(.note("c"))  // while the store lives, it dispatches
      #expect(store.state.log == ["a", "b", "c"])
    }
    #expect(gone == nil)
    let context = kept.withLock { $0 }
    await Task.detached { context?.dispatch(.note("late")) }.value
    #expect(context?.state.log == ["a", "b"])
  }
}
