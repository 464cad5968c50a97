import RecoilSnapshot
import RecoilStores
import Testing

@testable import RecoilInspector

@Suite struct StateDiffTests {
  struct User: Sendable { var name: String; var age: Int }
  enum Status: Sendable { case idle, loading(progress: Int), loaded(String) }
  final class Box: @unchecked Sendable { var value: Int; init(_ value: Int) { self.value = value } }
  struct State: Sendable {
    var user = User(name: "", age: 1)
    var items: [String] = []
    var prices: [String: Int] = [:]
    var tags: Set<String> = []
    var nickname: String?
    var status = Status.idle
    var pair = (1, "a")
  }

  func changes(_ change: (inout State) -> Void) -> [String] {
    var after = State()
    change(&after)
    return StateDiff.changes(from: State(), to: after).map { "\($0.path): \($0.before ?? "∅") -> \($0.after ?? "∅")" }
  }

  @Test func nestedStructs() {
    #expect(changes { $0.user.name = "Ann" } == [#"user.name: "" -> "Ann""#])
    #expect(changes { _ in } == [])
  }

  @Test func arrays() {
    #expect(changes { $0.items = ["a", "b"] } == [#"items[0]: ∅ -> "a""#, #"items[1]: ∅ -> "b""#])
  }

  @Test func dictionaries() {
    var before = State()
    before.prices = ["A1": 1, "B2": 2]
    var after = before
    after.prices["A1"] = 5
    after.prices["B2"] = nil
    after.prices["C3"] = 3
    let found = StateDiff.changes(from: before, to: after).map {
      "\($0.path): \($0.before ?? "∅") -> \($0.after ?? "∅")"
    }
    #expect(found == [#"prices["A1"]: 1 -> 5"#, #"prices["B2"]: 2 -> ∅"#, #"prices["C3"]: ∅ -> 3"#])
  }

  @Test func sets() {
    var before = State()
    before.tags = ["new", "sale"]
    var after = before
    after.tags = ["sale", "hot"]
    let found = StateDiff.changes(from: before, to: after).map {
      "\($0.path): \($0.before ?? "∅") -> \($0.after ?? "∅")"
    }
    #expect(found == [#"tags{"new"}: "new" -> ∅"#, #"tags{"hot"}: ∅ -> "hot""#])
  }

  @Test func optionals() {
    #expect(changes { $0.nickname = "A" } == [#"nickname: nil -> "A""#])
    var before = State()
    before.nickname = "A"
    #expect(StateDiff.changes(from: before, to: State()).map(\.after) == ["nil"])
  }

  @Test func enumsWithPayloads() {
    #expect(changes { $0.status = .loading(progress: 5) } == ["status: idle -> loading(progress: 5)"])
    var before = State()
    before.status = .loading(progress: 5)
    var after = before
    after.status = .loading(progress: 7)
    #expect(StateDiff.changes(from: before, to: after).map(\.path) == ["status.loading.progress"])
    after.status = .loaded("x")
    #expect(StateDiff.changes(from: before, to: after).map(\.path) == ["status"])
  }

  @Test func tuplesAndClasses() {
    #expect(changes { $0.pair.1 = "b" } == [#"pair.1: "a" -> "b""#])
    #expect(StateDiff.changes(from: Box(1), to: Box(2)).map(\.path) == ["value"])
  }

  @Test func changesAreCappedAndPreviewsCut() {
    let many = StateDiff.changes(from: [Int](), to: Array(0..<100), limit: 10)
    #expect(many.count == 10)
    let long = StateDiff.changes(from: "a", to: String(repeating: "b", count: 500), previewLength: 20)
    #expect(long.first?.after?.count == 20)
  }
}

@Suite struct StateDiffReflectionTests {
  final class Box: @unchecked Sendable { var value: Int; init(_ value: Int) { self.value = value } }
  /// Fields a mirror reads but offsets must not: a weak reference and a function.
  struct Screen: @unchecked Sendable {
    weak var focused: Box?
    var onTap: () -> Void = {}
    var count = 0
  }
  struct Masked: CustomReflectable {
    var hidden = 1
    var customMirror: Mirror { Mirror(self, children: ["shown": hidden * 10], displayStyle: .struct) }
  }

  func render(_ changes: [SnapshotChange]) -> [String] {
    changes.map { "\($0.path): \($0.before ?? "∅") -> \($0.after ?? "∅")" }
  }

  @Test func weakFieldsAndFunctionsAreDiffedThroughAMirror() {
    let box = Box(1)
    var after = Screen(focused: nil)
    after.focused = box
    after.count = 2
    let found = render(StateDiff.changes(from: Screen(), to: after))
    #expect(found.contains("count: 0 -> 2"))
    #expect(found.contains { $0.hasPrefix("focused: nil -> ") })
  }

  @Test func aCustomMirrorNamesTheChangedParts() {
    #expect(render(StateDiff.changes(from: Masked(), to: Masked(hidden: 2))) == ["shown: 10 -> 20"])
  }

  @Test func aCacheSharedAcrossDiffsGivesTheSameChanges() {
    let cache = ReflectionCache()
    struct Counter: Equatable { var count = 0; var label = "a" }
    for step in 1...3 {
      var after = Counter()
      after.count = step
      #expect(render(StateDiff.changes(from: Counter(), to: after, cache: cache)) == ["count: 0 -> \(step)"])
    }
  }
}
