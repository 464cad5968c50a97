import Foundation
import Testing

@testable import RecoilReflection

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

  @Test func scalarsAreComparedByTheirText() {
    // The same long text in two buffers: different bytes, the same value, no change.
    let name = String(repeating: "long name ", count: 4)
    let before = User(name: name, age: 1)
    let after = User(name: String(repeating: "long name ", count: 4), age: 1)
    #expect(StateDiff.changes(from: before, to: after).isEmpty)
    #expect(StateDiff.changes(from: Double.nan, to: Double.nan).isEmpty)
    #expect(StateDiff.changes(from: 1.5, to: 2.5).map(\.after) == ["2.5"])
    #expect(StateDiff.changes(from: Optional("a") as Any, to: Optional("b") as Any).map(\.after) == [#""b""#])
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

  func render(_ changes: [StateDiff.Change]) -> [String] {
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

  /// Equal by its own `==`, which looks at the id only.
  struct Tagged: Equatable {
    var id = 1
    var note = "first"
    static func == (lhs: Tagged, rhs: Tagged) -> Bool { lhs.id == rhs.id }
  }

  @Test func aStructIsComparedByItsFieldsWhateverItsEqualitySays() {
    // What changed is shown even where `==` hides it, at the top and nested.
    #expect(render(StateDiff.changes(from: Tagged(), to: Tagged(note: "second"))) == [#"note: "first" -> "second""#])
    struct Screen { var tagged = Tagged() }
    #expect(
      render(StateDiff.changes(from: Screen(), to: Screen(tagged: Tagged(note: "second"))))
        == [#"tagged.note: "first" -> "second""#])
    // Fields whose bytes differ but whose values are equal are no change.
    let built = String(["a", "long", "note", "built", "at", "run", "time"].joined(separator: " "))
    #expect(StateDiff.changes(from: Tagged(note: built), to: Tagged(note: String(built.reversed().reversed()))).isEmpty)
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

/// Diffs read through stored fields must be the diffs a `Mirror` gives, whatever a state
/// holds: every pair below is diffed both ways.
@Suite struct StateDiffFieldReadingTests {
  protocol Shape: Sendable {}
  struct Circle: Shape, Equatable { var radius: Double }
  /// Too large for an existential's inline buffer: held in a box of its own.
  struct Label: Shape, Equatable { var text = "a text too long to be stored inline"; var tags = ["x"]; var size = 1.5 }
  final class Session: @unchecked Sendable { var token = "t" }
  struct Wrapper<Inner: Sendable>: Sendable { var inner: Inner; var note = "" }
  enum Load: Sendable { case idle, loaded(Wrapper<Int>), failed(code: Int, reason: String) }
  /// Two String payloads: the case is told by the strings' spare bits.
  enum Pick: Sendable { case left(String), right(String), neither(Load) }
  indirect enum Expression: Sendable { case number(Int), sum(Expression, Expression) }
  enum Anything: Sendable { case value(any Sendable) }
  struct Empty: Sendable, Equatable {}
  struct Everything: @unchecked Sendable {
    var date = Date(timeIntervalSince1970: 0)
    var url = URL(string: "https://example.com/a")!
    var id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    var amount = Decimal(string: "1.5")!
    var bytes = Data([1, 2])
    var shape: any Shape = Circle(radius: 1)
    var shapes: [any Shape] = [Circle(radius: 2)]
    var wrapped = Wrapper(inner: (1, "a"))
    var optionalWrapped: Wrapper<String>? = nil
    var load = Load.idle
    var session = Session()
    var empty = Empty()
    var pair: (count: Int, nested: (Double, [String: Int])) = (1, (0.5, ["k": 1]))
    var character: Character = "a"
    var float: Float = 1
    var small: Int8 = -1
    var type: Any.Type = Int.self
    var closure: @Sendable () -> Int = { 1 }
  }

  /// Both ways' changes, each written out whole (`(path: "a", before: Optional("1"), after: nil)`).
  func bothWays(_ before: Any, _ after: Any) -> (fields: [String], mirror: [String]) {
    (
      StateDiff.changes(from: before, to: after, cache: ReflectionCache()).map { "\($0)" },
      StateDiff.changes(from: before, to: after, cache: ReflectionCache(readingFields: false)).map { "\($0)" }
    )
  }

  @Test func everyKindOfFieldDiffsAsAMirrorDiffsIt() {
    let edits: [(String, (inout Everything) -> Void)] = [
      ("date", { $0.date = Date(timeIntervalSince1970: 60) }),
      ("url", { $0.url = URL(string: "https://example.com/b")! }),
      ("id", { $0.id = UUID(uuidString: "00000000-0000-0000-0000-000000000002")! }),
      ("amount", { $0.amount = Decimal(string: "2.25")! }),
      ("bytes", { $0.bytes = Data([1, 3, 4]) }),
      ("shape", { $0.shape = Circle(radius: 3) }),
      ("shapes", { $0.shapes.append(Circle(radius: 4)) }),
      ("wrapped", { $0.wrapped.inner.1 = "b" }),
      ("optionalWrapped", { $0.optionalWrapped = Wrapper(inner: "x") }),
      ("load", { $0.load = .loaded(Wrapper(inner: 5)) }),
      ("load failed", { $0.load = .failed(code: 7, reason: "\u{1B}[31mno") }),
      ("session", { $0.session = Session() }),
      ("pair", { $0.pair.nested.1["k"] = 2 }),
      ("character", { $0.character = "é" }),
      ("float", { $0.float = .nan }),
      ("small", { $0.small = .min }),
      ("type", { $0.type = String.self }),
      ("closure", { $0.closure = { 2 } }),
    ]
    for (name, edit) in edits {
      let before = Everything()
      var after = before
      edit(&after)
      let (fields, mirror) = bothWays(before, after)
      #expect(fields == mirror, "\(name)")
    }
    // And a value compared with itself, and with a fresh copy holding new references.
    let (same, sameByMirror) = bothWays(Everything(), Everything())
    #expect(same == sameByMirror)
  }

  @Test func enumsTuplesAndGenericsAtTheTopDiffAsAMirrorDiffsThem() {
    let pairs: [(Any, Any)] = [
      (Load.loaded(Wrapper(inner: 1)), Load.loaded(Wrapper(inner: 2))),
      (Load.failed(code: 1, reason: "a"), Load.failed(code: 1, reason: "b")),
      ((1, "a", [1]), (1, "b", [1, 2])),
      (Wrapper(inner: [Circle(radius: 1)]), Wrapper(inner: [Circle(radius: 2)])),
      (Optional(Wrapper(inner: 1)) as Any, Optional<Wrapper<Int>>.none as Any),
      (Empty(), Empty()),
      (1, "1"),
      (Load.idle, Load.failed(code: 2, reason: "c")), (Load.idle, Load.idle),
      (Pick.left("a"), Pick.left("b")), (Pick.left("a"), Pick.right("a")),
      (Pick.neither(.loaded(Wrapper(inner: 1))), Pick.neither(.loaded(Wrapper(inner: 3)))),
      (Expression.sum(.number(1), .number(2)), Expression.sum(.number(1), .number(3))),
      (Anything.value(Circle(radius: 1)), Anything.value(Circle(radius: 2))),
      (Anything.value(Label()), Anything.value(Label(text: "another text too long to be inline"))),
      (["k": Label()] as [String: any Shape], ["k": Label(size: 2)] as [String: any Shape]),
      ([Label()] as [any Shape], [Label(tags: [])] as [any Shape]),
      (Wrapper(inner: Label() as any Shape), Wrapper(inner: Label(text: "") as any Shape)),
    ]
    for (before, after) in pairs {
      let (fields, mirror) = bothWays(before, after)
      #expect(fields == mirror, "\(before) → \(after)")
    }
  }
}

/// Diffs of values that hold other values through existentials, optionals, collections and
/// enums, nested in one another: each pair is diffed by reading fields and by mirrors alone,
/// and both must agree.
@Suite struct StateDiffNestingTests {
  protocol Item: Sendable {}
  struct Big: Item, Equatable { var title = "a title too long to be stored inline"; var tags = ["t"]; var weight = 2.5 }
  struct Small: Item, Equatable { var id = 1 }
  final class Node: Item, @unchecked Sendable {
    var name: String
    var child: Node?
    init(_ name: String, child: Node? = nil) {
      self.name = name
      self.child = child
    }
  }
  enum Slot: Sendable { case empty, one(any Item), many([any Item]), keyed([String: any Item]), pair(Big, Small?) }
  indirect enum Tree: Sendable { case leaf(any Item), branch([Tree]) }
  struct Holder: @unchecked Sendable {
    var slot: Slot = .empty
    var optional: (any Item)? = nil
    var nested: [[any Item]] = []
    var tuple: (item: any Item, count: Int) = (Small(), 0)
    var tree: Tree = .leaf(Small())
    var anything: Any = Big()
    var optionalSlot: Slot? = nil
  }

  /// Both ways' changes, each written out whole.
  static func bothWays(_ before: Any, _ after: Any) -> (fields: [String], mirror: [String]) {
    (
      StateDiff.changes(from: before, to: after, cache: ReflectionCache()).map { "\($0)" },
      StateDiff.changes(from: before, to: after, cache: ReflectionCache(readingFields: false)).map { "\($0)" }
    )
  }

  @Test func valuesNestedThroughExistentialsDiffAsAMirrorDiffsThem() {
    let big = Big(), other = Big(title: "another title, also too long to be inline", tags: [], weight: 3)
    let edits: [(String, (inout Holder) -> Void)] = [
      ("slot one", { $0.slot = .one(big) }),
      ("slot many", { $0.slot = .many([big, Small(id: 2), Node("n")]) }),
      ("slot keyed", { $0.slot = .keyed(["a": big, "b": Small()]) }),
      ("slot pair", { $0.slot = .pair(other, nil) }),
      ("optional", { $0.optional = other }),
      ("nested", { $0.nested = [[big], [other, Small(id: 3)]] }),
      ("tuple", { $0.tuple = (other, 2) }),
      ("tree", { $0.tree = .branch([.leaf(big), .branch([.leaf(other)])]) }),
      ("anything", { $0.anything = other }),
      ("anything small", { $0.anything = Small(id: 9) }),
      ("anything node", { $0.anything = Node("a", child: Node("b")) }),
      ("optional slot", { $0.optionalSlot = .many([other]) }),
    ]
    var starts = Holder()
    starts.slot = .many([big])
    starts.optional = big
    starts.nested = [[big]]
    starts.tree = .branch([.leaf(big)])
    starts.optionalSlot = .one(big)
    for start in [Holder(), starts] {
      for (name, edit) in edits {
        var after = start
        edit(&after)
        let (fields, mirror) = Self.bothWays(start, after)
        #expect(fields == mirror, "\(name)")
        let (back, backByMirror) = Self.bothWays(after, start)
        #expect(back == backByMirror, "\(name), back")
      }
    }
  }
}
