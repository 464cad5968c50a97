import Testing

@testable import RecoilAtoms

@Suite struct TestingSupportTests {
  @Test func stubsReplaceAValueInOneContainer() throws {
    let remote = AsyncSelector(key: "remote") { _ -> [String] in ["real"] }
    let count = Selector(key: "count") { get in try get(remote).count }
    let stubbed = AtomContainer()
    stubbed.stub(remote, with: ["a", "b", "c"])
    #expect(try stubbed.get(count) == 3)
    stubbed.stub(remote, with: ["a"])
    #expect(try stubbed.get(count) == 1)
    let other = AtomContainer()
    #expect(other.loadable(remote).isLoading)
  }

  @Test func stubsCanFail() {
    let value = Selector(key: "value") { _ in 1 }
    let plusOne = Selector(key: "plusOne") { get in try get(value) + 1 }
    let container = AtomContainer()
    container.stub(value, throwing: TestError(message: "stubbed"))
    #expect(throws: TestError(message: "stubbed")) { try container.get(plusOne) }
  }

  @Test func resetAllRestoresDefaults() throws {
    let a = Atom(1, key: "a")
    let b = Selector(key: "b") { get in try get(a) + 1 }
    let container = AtomContainer()
    container.set(a, 10)
    #expect(try container.get(b) == 11)
    container.resetAll()
    #expect(try container.get(a) == 1)
    #expect(try container.get(b) == 2)
  }

  @Test func awaitingTheNextChange() async throws {
    let a = Atom(1, key: "a")
    let container = AtomContainer()
    async let next = container.nextChange(of: a)
    // Keep setting until the waiter has subscribed; it sees one of these values.
    var value = 1
    while container.graphState().nodes.first?.subscribers != 1 {
      await Task.yield()
    }
    value += 1
    container.set(a, value)
    #expect(try await next.get() == 2)
  }

  @Test func containersAreIndependent() throws {
    let a = Atom(0, key: "a")
    let first = AtomContainer()
    let second = AtomContainer()
    first.set(a, 1)
    #expect(try first.get(a) == 1)
    #expect(try second.get(a) == 0)
  }
}
