import Testing

@testable import RecoilAtoms

@Suite struct SelectorSemanticsTests {
  @Test func selectorsDeriveFromAtomsAndFollowSets() throws {
    let count = Atom(1, key: "count")
    let doubled = Selector(key: "doubled") { get in try get(count) * 2 }
    let container = AtomContainer()
    #expect(try container.get(doubled) == 2)
    container.set(count, 5)
    #expect(try container.get(doubled) == 10)
    container.update(count) { $0 += 1 }
    #expect(try container.get(doubled) == 12)
    container.reset(count)
    #expect(try container.get(doubled) == 2)
  }

  @Test func unobservedSelectorsAreEvaluatedLazilyAndAtMostOncePerChange() throws {
    let evaluations = Counter()
    let a = Atom(0, key: "a")
    let b = Selector(key: "b") { get in
      evaluations.increment()
      return try get(a) + 1
    }
    let container = AtomContainer()
    container.set(a, 1)
    container.set(a, 2)
    #expect(evaluations.count == 0)  // nobody read it yet
    #expect(try container.get(b) == 3)
    #expect(try container.get(b) == 3)
    #expect(evaluations.count == 1)
    container.set(a, 3)
    container.set(a, 4)
    #expect(evaluations.count == 1)
    #expect(try container.get(b) == 5)
    #expect(evaluations.count == 2)
  }

  @Test func dependenciesAreReplacedAtEveryEvaluation() throws {
    let useLeft = Atom(true, key: "useLeft")
    let left = Atom("L", key: "left")
    let right = Atom("R", key: "right")
    let evaluations = Counter()
    let chosen = Selector(key: "chosen") { get in
      evaluations.increment()
      return try get(useLeft) ? get(left) : get(right)
    }
    let container = AtomContainer()
    #expect(try container.get(chosen) == "L")
    container.set(useLeft, false)
    #expect(try container.get(chosen) == "R")
    #expect(evaluations.count == 2)
    // `left` is no longer read, so changing it does not invalidate `chosen`.
    container.set(left, "L2")
    #expect(try container.get(chosen) == "R")
    #expect(evaluations.count == 2)
    container.set(right, "R2")
    #expect(try container.get(chosen) == "R2")
    #expect(evaluations.count == 3)
    let edges = container.graphState().edges.map { "\($0.from)->\($0.to)" }.sorted()
    #expect(edges == ["right->chosen", "useLeft->chosen"])
  }

  @Test func diamondsAreGlitchFree() throws {
    let a = Atom(1, key: "a")
    let b = Selector(key: "b") { get in try get(a) * 10 }
    let c = Selector(key: "c") { get in try get(a) * 100 }
    let seen = Collected<(Int, Int)>()
    let dEvaluations = Counter()
    let d = Selector(key: "d") { get in
      dEvaluations.increment()
      let pair = (try get(b), try get(c))
      seen.append(pair)
      return pair.0 + pair.1
    }
    let container = AtomContainer()
    let subscription = container.subscribe(d) { _ in }
    #expect(try container.get(d) == 110)
    container.set(a, 2)
    #expect(try container.get(d) == 220)
    #expect(dEvaluations.count == 2)
    // Every evaluation of d saw b and c from the same value of a.
    #expect(seen.values.allSatisfy { $0.0 * 10 == $0.1 })
    subscription.cancel()
  }

  @Test func equalValuesCutOffPropagation() throws {
    let number = Atom(2, key: "number")
    let isEven = Selector(key: "isEven") { get in try get(number) % 2 == 0 }
    let labelEvaluations = Counter()
    let label = Selector(key: "label") { get in
      labelEvaluations.increment()
      return try get(isEven) ? "even" : "odd"
    }
    let container = AtomContainer()
    let notified = Collected<String>()
    let subscription = container.subscribe(isEven) { notified.append("\($0.value ?? false)") }
    #expect(try container.get(label) == "even")
    container.set(number, 4)  // isEven recomputes to the same value
    #expect(try container.get(label) == "even")
    #expect(labelEvaluations.count == 1)
    #expect(notified.values.isEmpty)
    container.set(number, 5)
    #expect(try container.get(label) == "odd")
    #expect(labelEvaluations.count == 2)
    #expect(notified.values == ["false"])
    subscription.cancel()
  }

  @Test func settingAnEqualAtomValueChangesNothing() throws {
    let name = Atom("Ann", key: "name")
    let evaluations = Counter()
    let greeting = Selector(key: "greeting") { get in
      evaluations.increment()
      return "Hello, \(try get(name))"
    }
    let container = AtomContainer()
    _ = try container.get(greeting)
    container.set(name, "Ann")
    _ = try container.get(greeting)
    #expect(evaluations.count == 1)
  }

  @Test func errorsAreCachedPropagateAndClearWhenInputsChange() throws {
    let input = Atom(-1, key: "input")
    let evaluations = Counter()
    let root = Selector(key: "root") { get -> Double in
      evaluations.increment()
      let value = try get(input)
      guard value >= 0 else { throw TestError(message: "negative: \(value)") }
      return Double(value).squareRoot()
    }
    let label = Selector(key: "label") { get in "√ = \(try get(root))" }
    let container = AtomContainer()
    #expect(throws: TestError(message: "negative: -1")) { try container.get(root) }
    #expect(throws: TestError(message: "negative: -1")) { try container.get(label) }
    #expect(evaluations.count == 1)  // the error was cached, not recomputed for `label`
    #expect(container.loadable(label).error as? TestError == TestError(message: "negative: -1"))
    container.set(input, 9)
    #expect(try container.get(label) == "√ = 3.0")
  }

  @Test func cyclesAreReportedWithTheirPath() {
    let container = AtomContainer()
    #expect(throws: AtomError.cycle(["Cycle.a", "Cycle.b", "Cycle.a"])) { try container.get(Cycle.a) }
    #expect(throws: AtomError.cycle(["Cycle.self", "Cycle.self"])) { try container.get(Cycle.selfLoop) }
    #expect(AtomError.cycle(["a", "b", "a"]).description == "dependency cycle: a -> b -> a")
  }

  @Test func aChainOfTenThousandSelectorsDoesNotOverflowTheStack() async throws {
    let base = Atom(0, key: "base")
    var chain: [Selector<Int>] = []
    for index in 0..<10_000 {
      let previous = chain.last
      chain.append(Selector(key: "chain[\(index)]") { get in try (previous.map { try get($0) } ?? get(base)) + 1 })
    }
    let container = AtomContainer()
    let last = chain[chain.count - 1]
    // Run on a secondary thread, whose stack is smaller than the main thread's.
    let result = try await Task.detached { try container.get(last) }.value
    #expect(result == 10_000)
    container.set(base, 5)
    #expect(try await Task.detached { try container.get(last) }.value == 10_005)
  }

  @Test func writableSelectorsWriteOtherAtoms() throws {
    let celsius = Atom(20.0, key: "celsius")
    let fahrenheit = WritableSelector(
      key: "fahrenheit", get: { get in try get(celsius) * 9 / 5 + 32 },
      set: { context, newValue in try context.set(celsius, (newValue - 32) * 5 / 9) })
    let container = AtomContainer()
    #expect(try container.get(fahrenheit) == 68)
    try container.set(fahrenheit, 212)
    #expect(try container.get(celsius) == 100)
    let readOnly = Selector(key: "readOnly") { _ in 1 }
    _ = readOnly
  }

  @Test func nodesAreNamedAfterTheirDeclaration() {
    #expect(Cycle.a.key.description == "Cycle.a")
    #expect(NamedNodes.total.key.description == "NamedNodes#\(NamedNodes.totalLine)")
    #expect(NamedNodes.computed.key.description == "SelectorSemanticsTests.computed")
    #expect(NamedNodes.total.key.site?.hasSuffix("SelectorSemanticsTests.swift:\(NamedNodes.totalLine)") == true)
    // Two nodes declared with the same name in different places stay distinct.
    #expect(NamedNodes.total.key != NamedNodes.otherTotal.key)
  }

  @Test func definitionTypesWorkAsNodes() throws {
    let container = AtomContainer()
    container.set(ThemeAtom().node, "dark")
    #expect(try container.get(ThemeLabel().node) == "theme: dark")
    container.set(Quantity(sku: "A1").node, 3)
    #expect(try container.get(Quantity(sku: "A1").node) == 3)
    #expect(try container.get(Quantity(sku: "B2").node) == 0)
    #expect(Quantity(sku: "A1").node.key.description == "Quantity(Quantity(sku: \"A1\"))")
  }
}

enum Cycle {
  static let a: Selector<Int> = Selector(key: "Cycle.a") { get in try get(b) + 1 }
  static let b: Selector<Int> = Selector(key: "Cycle.b") { get in try get(a) + 1 }
  static let selfLoop: Selector<Int> = Selector(key: "Cycle.self") { get in try get(selfLoop) }
}

enum NamedNodes {
  static let totalLine = #line + 1
  static let total = Selector { _ in 1 }
  static let otherTotal = Selector(fileID: "Other/SelectorSemanticsTests.swift", function: "total") { _ in 2 }
  static var computed: Selector<Int> { Selector { _ in 3 } }
}

struct ThemeAtom: AtomDefinition {
  var defaultValue: String { "light" }
}

struct ThemeLabel: SelectorDefinition {
  func value(_ get: Getter) throws -> String { "theme: \(try get(ThemeAtom().node))" }
}

struct Quantity: AtomDefinition, Hashable {
  var sku: String
  var defaultValue: Int { 0 }
}
