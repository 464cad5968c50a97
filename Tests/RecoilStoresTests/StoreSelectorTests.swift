import Synchronization
import Testing

@testable import RecoilStores

@Suite struct SelectorTests {
  @Test func memoizedSelectorsRecomputeOnlyWhenInputsChange() {
    let computations = Atomic<Int>(0)
    let items = StoreSelector(name: "items", \AppState.cart.items)
    let name = StoreSelector(name: "name", \AppState.user.name)
    let summary = StoreSelector(name: "summary", items, name) { items, name in
      computations.add(1, ordering: .relaxed)
      return "\(name): \(items.count)"
    }
    let store = Store(initialState: AppState(), reducer: appReducer)
    #expect(store.select(summary) == ": 0")
    #expect(store.select(summary) == ": 0")
    store.dispatch(.note("unrelated"))
    #expect(store.select(summary) == ": 0")
    let afterUnrelated = computations.load(ordering: .relaxed)
    #expect(afterUnrelated == 1)
    store.dispatch(.cart(.add("boots")))
    #expect(store.select(summary) == ": 1")
    let afterChange = computations.load(ordering: .relaxed)
    #expect(afterChange == 2)
  }

  @Test func selectorsCompose() {
    let items = StoreSelector(name: "items", \AppState.cart.items)
    let count = StoreSelector(name: "count", items) { $0.count }
    let label = StoreSelector(name: "label", count) { "\($0) items" }
    let store = Store(initialState: AppState(), reducer: appReducer)
    let labels = Collected<String>()
    let subscription = store.subscribe(label) { labels.append($0) }
    store.dispatch(.cart(.add("a")))
    store.dispatch(.note("x"))
    store.dispatch(.cart(.add("b")))
    #expect(labels.values == ["0 items", "1 items", "2 items"])
    // The store knows the whole tree of selectors it read, with their inputs.
    #expect(store.selectors.map(\.name) == ["count", "items", "label"])
    #expect(store.selectors.map(\.inputs) == [["items"], [#"\AppState.cart.items"#], ["count"]])
    #expect(label.inputs == ["count"])
    #expect(items.inputs == [#"\AppState.cart.items"#])
    subscription.cancel()
  }

  @Test func selectorEvaluationsAreReportedWithTheirInputs() {
    let items = StoreSelector(name: "items", \AppState.cart.items)
    let count = StoreSelector(name: "count", items) { $0.count }
    let store = Store(initialState: AppState(), reducer: appReducer)
    let observer = RecordingStoreObserver()
    store.addObserver(observer)
    _ = store.select(count)
    _ = store.select(count)
    let evaluations = observer.events.values.compactMap { event -> (String, [String])? in
      if case .selectorEvaluated(_, let selector, let inputs, _, _) = event { return (selector, inputs) }
      return nil
    }
    // Inner selectors are reported too, before the selectors that read them; the second
    // read is a cache hit for both and reports nothing.
    #expect(evaluations.map(\.0) == ["items", "count"])
    #expect(evaluations.map(\.1) == [[#"\AppState.cart.items"#], ["items"]])
    let values = observer.events.values.compactMap { event -> String? in
      if case .selectorEvaluated(_, _, _, _, let value) = event { return "\(value)" }
      return nil
    }
    #expect(values == ["[]", "0"])
  }
}
