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
      if case .selectorEvaluated(_, let selector, let inputs, _, _, _, _) = event { return (selector, inputs) }
      return nil
    }
    // Inner selectors are reported too, before the selectors that read them; the second
    // read is a cache hit for both and reports nothing.
    #expect(evaluations.map(\.0) == ["items", "count"])
    #expect(evaluations.map(\.1) == [[#"\AppState.cart.items"#], ["items"]])
    let values = observer.events.values.compactMap { event -> String? in
      if case .selectorEvaluated(_, _, _, _, let value, _, _) = event { return "\(value)" }
      return nil
    }
    #expect(values == ["[]", "0"])
  }

  @Test func aRecordingStoreRecordsItsSelectorsWithoutAnyObserver() {
    let items = StoreSelector(name: "items", \AppState.cart.items)
    let count = StoreSelector(name: "count", items) { $0.count }
    let store = Store(initialState: AppState(), reducer: appReducer)
    _ = store.select(count)  // not recording yet: nothing is kept
    store.startRecordingActions()
    store.dispatch(.cart(.add("boots")))
    _ = store.select(count)
    _ = store.select(count)  // a cache hit: no evaluation
    store.dispatch(.cart(.add("hat")))
    _ = store.select(count)
    let recording = store.recordedActions()
    // Inner selectors first, each evaluation after the action that changed its input.
    #expect(recording.selectorEvaluations.map(\.selector) == ["items", "count", "items", "count"])
    let orders = recording.selectorEvaluations.map(\.order)
    #expect(orders == orders.sorted() && Set(orders).count == orders.count)
    #expect(orders[0] > recording.records[0].order && orders[0] < recording.records[1].order)
    #expect(orders[2] > recording.records[1].order)
    #expect(recording.selectorStatistics["count"]?.count == 2)
    #expect(recording.selectorStatistics["items"]?.timedCount == 2)
    #expect(recording.selectorValues["count"] as? Int == 2)
    #expect(recording.droppedSelectorEvaluations == 0)
    store.stopRecordingActions()
    #expect(store.recordedActions().selectorEvaluations.isEmpty)
  }

  /// A selector whose input changed but whose value did not is recorded and reported as
  /// unchanged (wasted work), as the atom graph's selectors are; a value that is not
  /// `Equatable` always counts as changed.
  @Test func aRecomputationThatGivesTheSameValueIsReportedUnchanged() {
    struct Opaque: Sendable { var count: Int }
    let items = StoreSelector(name: "items", \AppState.cart.items)
    let hasItems = StoreSelector(name: "hasItems", items) { !$0.isEmpty }
    let opaque = StoreSelector(name: "opaque", items) { Opaque(count: $0.isEmpty ? 0 : 1) }
    let store = Store(initialState: AppState(), reducer: appReducer)
    let observer = RecordingStoreObserver()
    store.addObserver(observer)
    store.startRecordingActions()
    for item in ["a", "b", "c"] {
      store.dispatch(.cart(.add(item)))
      _ = store.select(hasItems)
      _ = store.select(opaque)
    }
    let recorded = store.recordedActions().selectorEvaluations.map { "\($0.selector) \($0.changed)" }
    // `items` changes each time (a key path recomputes only then); `hasItems` goes false ->
    // true once, then computes true again twice; `opaque` cannot be compared.
    #expect(
      recorded == [
        "items true", "hasItems true", "opaque true", "items true", "hasItems false", "opaque true",
        "items true", "hasItems false", "opaque true",
      ])
    let reported = observer.events.values.compactMap { event -> String? in
      if case .selectorEvaluated(_, let selector, _, _, _, _, let changed) = event { return "\(selector) \(changed)" }
      return nil
    }
    #expect(reported == recorded)
  }
}
