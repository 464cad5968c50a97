import Testing

@testable import RecoilAtoms

@Suite struct AtomSnapshotTests {
  struct Shop {
    let currency = Atom("EUR", key: "currency")
    let coupon = Atom<String?>(nil, key: "coupon")
    let lines = Atom([Line(price: 10), Line(price: 5)], key: "lines")
    let evaluations = Collected<Int>()
    let total: Selector<Int>

    /// Not Equatable: snapshots compare it by description.
    struct Line: Sendable { var price: Int }

    init() {
      let (lines, coupon, evaluations) = (self.lines, self.coupon, self.evaluations)
      total = Selector(key: "total") { get in
        evaluations.append(1)
        let sum = try get(lines).reduce(0) { $0 + $1.price }
        return try get(coupon) == "HALF" ? sum / 2 : sum
      }
    }
  }

  @Test func aSnapshotHoldsEveryAtomsTypedValueAndNoSelector() throws {
    let shop = Shop()
    let container = AtomContainer()
    _ = try container.get(shop.total)
    container.set(shop.currency, "USD")
    let snapshot = container.snapshot()
    #expect(snapshot.atoms.map(\.description).sorted() == ["coupon", "currency", "lines"])
    #expect(snapshot.value(of: shop.currency) == "USD")
    #expect(snapshot.value(of: shop.lines)?.map(\.price) == [10, 5])
    // It holds nothing live: later changes do not reach it.
    container.set(shop.currency, "GBP")
    #expect(snapshot.value(of: shop.currency) == "USD")
  }

  @Test func restoringNotifiesEachSubscriberOnceAndReevaluatesSelectorsLazily() throws {
    let shop = Shop()
    let container = AtomContainer()
    #expect(try container.get(shop.total) == 15)
    let saved = container.snapshot()
    container.set(shop.lines, [Shop.Line(price: 100)])
    container.set(shop.coupon, "HALF")
    #expect(try container.get(shop.total) == 50)

    let notified = Collected<String>()
    let subscription = container.subscribe(shop.currency) { notified.append($0.value ?? "") }
    let couponSubscription = container.subscribe(shop.coupon) { notified.append(($0.value ?? nil) ?? "none") }
    let evaluationsBefore = shop.evaluations.values.count
    container.restore(saved)
    // The coupon changed back and is notified once; the currency did not change.
    #expect(notified.values == ["none"])
    // Not evaluated until read, then once.
    #expect(shop.evaluations.values.count == evaluationsBefore)
    #expect(try container.get(shop.total) == 15)
    #expect(shop.evaluations.values.count == evaluationsBefore + 1)
    _ = (subscription, couponSubscription)
  }

  @Test func anEditedCopyIsEvaluatedWithoutTouchingTheContainer() throws {
    let shop = Shop()
    let container = AtomContainer()
    #expect(try container.get(shop.total) == 15)
    let snapshot = container.snapshot()
    let tried = snapshot.setting(shop.coupon, to: "HALF")
    #expect(try tried.get(shop.total) == 7)
    #expect(try snapshot.get(shop.total) == 15)
    #expect(try container.get(shop.total) == 15)
    #expect(container.snapshot().value(of: shop.coupon) == .some(nil))
    // An atom the container never used can be set in a copy too.
    let other = Atom(1, key: "other")
    #expect(snapshot.setting(other, to: 2).value(of: other) == 2)
  }

  @Test func twoSnapshotsSayWhichAtomsDiffer() throws {
    let shop = Shop()
    let container = AtomContainer()
    _ = try container.get(shop.total)
    _ = try container.get(shop.currency)
    let before = container.snapshot()
    container.set(shop.currency, "USD")
    container.set(shop.lines, [Shop.Line(price: 10), Shop.Line(price: 5)])  // equal, by description
    let after = container.snapshot()
    #expect(after.changedAtoms(since: before).map(\.description) == ["currency"])
    #expect(before.changedAtoms(since: before).isEmpty)
    #expect(
      after.setting(shop.lines, to: [Shop.Line(price: 1)]).changedAtoms(since: after).map(\.description) == ["lines"])
  }

  @Test func restoringIntoAnotherContainerAndLeavingOutLoadingAtoms() async throws {
    let gate = Gate()
    let remote = AsyncAtom(key: "remote") { () async throws -> Int in
      await gate.wait()
      return 42
    }
    let shop = Shop()
    let container = AtomContainer()
    container.set(shop.currency, "USD")
    #expect(container.loadable(remote).isLoading)
    let snapshot = container.snapshot()
    #expect(snapshot.atoms.map(\.description) == ["currency"])

    let other = AtomContainer()
    other.restore(snapshot)
    #expect(try other.get(shop.currency) == "USD")
    gate.open()
    #expect(try await container.value(remote) == 42)
    #expect(container.snapshot().value(of: remote) == 42)
  }

  @Test func anAtomFirstUsedAfterTheSnapshotGoesBackToItsDefault() throws {
    let shop = Shop()
    let container = AtomContainer()
    let saved = container.snapshot()
    #expect(saved.atoms.isEmpty)
    container.set(shop.currency, "USD")
    container.restore(saved)
    #expect(try container.get(shop.currency) == "EUR")
  }
}
