import Testing

@testable import RecoilAtoms

/// Snapshot behaviours as Recoil's own test suite states them (facebookexperimental/Recoil,
/// `packages/recoil/core/__tests__/Recoil_Snapshot-test.js`), ported to ``AtomSnapshot``.
@Suite struct RecoilSnapshotConformanceTests {
  /// "Read async selector from snapshot": once the snapshot waited for an async selector, a
  /// plain read of it has the value, and its getter ran once.
  @Test func anAsyncSelectorWaitedForIsThereForAPlainRead() async throws {
    let container = AtomContainer()
    let runs = Counter()
    let slow = AsyncSelector<String>(key: "slow") { _ in
      runs.increment()
      await Task.yield()
      return "SLOW"
    }
    let snapshot = container.snapshot()
    #expect(throws: AtomError.self) { try snapshot.get(slow) }
    #expect(try await snapshot.value(slow) == "SLOW")
    #expect(try snapshot.get(slow) == "SLOW")
    #expect(runs.count == 1)
  }

  /// "Snapshot map" and "Snapshot - getLoadable ... cached": a selector is evaluated once per
  /// snapshot; an edited copy starts afresh and leaves the original as it was.
  @Test func aSnapshotEvaluatesOnceAndAnEditedCopyStartsAfresh() throws {
    let container = AtomContainer()
    let count = Atom(1, key: "count")
    let runs = Counter()
    let doubled = Selector<Int>(key: "doubled") { get in
      runs.increment()
      return try get(count) * 2
    }
    container.set(count, 2)
    let snapshot = container.snapshot()
    #expect(try snapshot.get(doubled) == 4)
    #expect(try snapshot.get(doubled) == 4)
    #expect(runs.count == 1)
    let edited = snapshot.setting(count, to: 5)
    #expect(try edited.get(doubled) == 10)
    #expect(try snapshot.get(doubled) == 4)
    #expect(runs.count == 2)
  }

  /// "Snapshot map ... reset": resetting an atom in a snapshot gives it its default there, and
  /// restoring that snapshot resets it in the container.
  @Test func resettingAnAtomInASnapshotGivesItsDefault() throws {
    let container = AtomContainer()
    let name = Atom("DEFAULT", key: "name")
    let greeting = Selector<String>(key: "greeting") { get in "hello \(try get(name))" }
    container.set(name, "Ann")
    let snapshot = container.snapshot()
    let reset = snapshot.resetting(name)
    #expect(reset.value(of: name) == nil)
    #expect(try reset.get(greeting) == "hello DEFAULT")
    #expect(try snapshot.get(greeting) == "hello Ann")
    container.restore(reset)
    #expect(try container.get(name) == "DEFAULT")
  }

  /// "getInfo": a node's state, whether an atom is set or at its default, what it read, what
  /// read it, and who subscribed, as the container had them.
  @Test func infoTellsDependenciesDependentsSubscribersAndWhetherAnAtomIsSet() throws {
    let container = AtomContainer()
    let items = Atom([Int](), key: "Cart.items")
    let coupon = Atom("", key: "Cart.coupon")
    let total = Selector<Int>(key: "Cart.total") { get in
      try get(items).reduce(0, +) - (try get(coupon).isEmpty ? 0 : 1)
    }
    let subscription = container.subscribe(total, label: "cart badge") { _ in }
    container.set(items, [3, 4])
    let snapshot = container.snapshot()

    let totalInfo = try #require(snapshot.info(of: total))
    #expect(totalInfo.kind == .selector)
    #expect(totalInfo.dependencies.map(\.description) == ["Cart.items", "Cart.coupon"])
    #expect(totalInfo.dependents.isEmpty)
    #expect(totalInfo.subscribers == ["cart badge"])
    #expect(totalInfo.loadable.value as? Int == 7)
    #expect(totalInfo.isSet == nil)

    let itemsInfo = try #require(snapshot.info(of: items))
    #expect(itemsInfo.isSet == true)
    #expect(itemsInfo.dependents.map(\.description) == ["Cart.total"])
    #expect(snapshot.info(of: coupon)?.isSet == false)
    // An edited copy answers for its own values.
    #expect(snapshot.resetting(items).info(of: items)?.isSet == false)
    #expect(snapshot.setting(coupon, to: "SPRING").info(of: coupon)?.isSet == true)
    // A node the container never held.
    #expect(snapshot.info(of: Atom(0, key: "never used")) == nil)
    subscription.cancel()
  }
}
