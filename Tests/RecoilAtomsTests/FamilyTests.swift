import Testing

@testable import RecoilAtoms

enum Shop {
  static let quantity = AtomFamily(key: "Shop.quantity") { (sku: String) in sku == "A1" ? 1 : 0 }
  static let lineTotal = SelectorFamily(key: "Shop.lineTotal") { (sku: String, get: Getter) in
    try get(quantity(sku)) * 10
  }
  static let product = AsyncSelectorFamily(key: "Shop.product") { (id: Int, _: AsyncGetter) in "product \(id)" }
}

@Suite struct FamilyTests {
  @Test func eachParameterHasItsOwnMember() throws {
    let container = AtomContainer()
    #expect(try container.get(Shop.quantity("A1")) == 1)
    #expect(try container.get(Shop.quantity("B2")) == 0)
    container.set(Shop.quantity("B2"), 3)
    #expect(try container.get(Shop.lineTotal("B2")) == 30)
    #expect(try container.get(Shop.lineTotal("A1")) == 10)
    #expect(Shop.quantity("B2").key.description == #"Shop.quantity("B2")"#)
    #expect(Shop.quantity("B2").family == "Shop.quantity")
  }

  @Test func asyncFamilies() async throws {
    let container = AtomContainer()
    #expect(try await container.value(Shop.product(7)) == "product 7")
  }

  @Test func unusedMembersCanBeReleasedSoMemoryDoesNotGrow() throws {
    let container = AtomContainer()
    for round in 0..<50 {
      for sku in 0..<100 {
        _ = try container.get(Shop.lineTotal("sku-\(round)-\(sku)"))
      }
      container.releaseUnusedMembers(of: Shop.lineTotal.name)
      container.releaseUnusedMembers(of: Shop.quantity.name)
    }
    #expect(container.nodeCount == 0)
  }

  @Test func membersInUseAreNotReleased() throws {
    let container = AtomContainer()
    let total = Selector(key: "total") { get in try get(Shop.lineTotal("A1")) }
    _ = try container.get(total)
    let subscription = container.subscribe(Shop.quantity("C3")) { _ in }
    _ = try container.get(Shop.quantity("D4"))
    let released = container.releaseUnusedMembers(of: Shop.quantity.name)
    #expect(released == 1)  // only D4: A1 is read by a live selector, C3 is subscribed
    #expect(try container.get(total) == 10)
    subscription.cancel()
  }

  @Test func subscribedSelectorMembersAreReleasedWithTheirLastSubscriber() throws {
    let container = AtomContainer()
    let subscription = container.subscribe(Shop.lineTotal("Z9")) { _ in }
    #expect(container.graphState().nodes.contains { $0.info.key == Shop.lineTotal("Z9").key })
    subscription.cancel()
    #expect(!container.graphState().nodes.contains { $0.info.key == Shop.lineTotal("Z9").key })
    // The atom it read keeps its value.
    #expect(container.graphState().nodes.contains { $0.info.key == Shop.quantity("Z9").key })
  }
}
