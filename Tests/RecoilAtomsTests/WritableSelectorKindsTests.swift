import Testing

@testable import RecoilAtoms

/// Writable selector families and async writable selectors.
@Suite struct WritableSelectorKindsTests {
  @Test func aWritableFamilyGivesEachParameterItsOwnGetterAndSetter() throws {
    let quantities = Atom<[String: Int]>([:], key: "quantities")
    let quantity = WritableSelectorFamily(key: "quantity") { (sku: String, get) in
      try get(quantities)[sku] ?? 0
    } set: { sku, set, count in
      try set.update(quantities) { $0[sku] = count }
    }
    let container = AtomContainer()
    try container.set(quantity("BT-42"), 2)
    try container.set(quantity("SC-07"), 5)
    #expect(try container.get(quantity("BT-42")) == 2)
    #expect(try container.get(quantities) == ["BT-42": 2, "SC-07": 5])
    // The same parameter names the same member.
    #expect(quantity("BT-42").key == quantity("BT-42").key)
    #expect(quantity("BT-42").key != quantity("SC-07").key)
    #expect(quantity("BT-42").key.description == #"quantity("BT-42")"#)
    let info = try #require(container.graphState().nodes.first { $0.info.key == quantity("BT-42").key }?.info)
    #expect(info.family == "quantity")
    #expect(info.isWritable)
    // Resetting a member resets the atom its setter wrote.
    container.reset(quantity("SC-07"))
    #expect(try container.get(quantities) == [:])
  }

  @Test func anAsyncWritableSelectorLoadsAsyncAndWritesThroughItsSetter() async throws {
    let gate = Gate()
    let draft = Atom<String?>(nil, key: "draft")
    let loads = Collected<Int>()
    let name = AsyncWritableSelector(key: "name") { get -> String in
      if let draft = try await get(draft) { return draft }
      loads.append(1)
      await gate.wait()
      return "Ann"
    } set: { set, name in
      try set.set(draft, name)
    }
    let container = AtomContainer()
    #expect(container.loadable(name).isLoading)
    gate.open()
    #expect(try await container.value(name) == "Ann")

    try container.set(name, "Bea")
    #expect(try container.get(draft) == "Bea")
    #expect(try await container.value(name) == "Bea")

    // Resetting it resets what its setter wrote, and the getter loads again.
    container.reset(name)
    #expect(try container.get(draft) == nil)
    #expect(try await container.value(name) == "Ann")
    #expect(loads.values.count == 2)
  }

  @Test func plainAsyncSelectorsStayReadOnly() {
    let results = AsyncSelector(key: "results") { _ in 1 }
    let container = AtomContainer()
    _ = container.loadable(results)
    let info = container.graphState().nodes.first { $0.info.key == results.key }?.info
    #expect(info?.isWritable == false)
  }
}
