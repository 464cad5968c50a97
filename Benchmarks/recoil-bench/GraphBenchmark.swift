import RecoilAtoms
import Synchronization

/// G1-G3: the atom-graph workloads of `shared/anchors` (see its README for the exact
/// definitions), each beside a plain-Swift baseline that recomputes exactly the affected
/// values by hand, measured in the same run.
enum GraphBenchmark {
  struct Measurement {
    var nanos: Double
    var operations: Int
    var check: Int
  }

  static func run(_ workload: String, repetitions: Int) {
    let ours: Measurement
    let baseline: Measurement
    let expected: Int
    let minimumEvaluations: Int
    switch workload {
    case "G1":
      ours = median(repetitions, g1)
      baseline = median(repetitions, g1Baseline)
      expected = 1_500_500
      minimumEvaluations = 1000
    case "G2":
      ours = median(repetitions, g2)
      baseline = median(repetitions, g2Baseline)
      expected = 250_500_250_000
      minimumEvaluations = 1001
    default:
      ours = median(repetitions) { g3() }
      baseline = median(repetitions, g3Baseline)
      expected = 18_202_144_709
      minimumEvaluations = 2
    }
    precondition(ours.check == expected && baseline.check == expected, "\(workload) check mismatch: \(ours.check)")
    let perOperation = ours.nanos / Double(ours.operations)
    let basePerOperation = baseline.nanos / Double(baseline.operations)
    var line = "\(workload) ns_per_op=\(format(perOperation)) baseline_ns_per_op=\(format(basePerOperation))"
    line += " ratio=\(format(perOperation / basePerOperation)) check=\(ours.check)"
    if workload != "G3" {
      line += " evaluations_per_round=\(evaluationsPerRound(workload)) minimum=\(minimumEvaluations)"
    }
    print(line)
  }

  static func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String((value * 100).rounded() / 100)
  }

  static func median(_ repetitions: Int, _ body: () -> Measurement) -> Measurement {
    median(of: (0..<repetitions).map { _ in body() })
  }

  static func median(of samples: [Measurement]) -> Measurement {
    samples.sorted { $0.nanos < $1.nanos }[samples.count / 2]
  }

  // MARK: - The graph

  static func chain(_ a: Atom<Int>) -> [Selector<Int>] {
    var selectors: [Selector<Int>] = []
    selectors.reserveCapacity(1000)
    selectors.append(Selector(key: "sel[0]") { get in try get(a) + 1 })
    for index in 1..<1000 {
      let previous = selectors[index - 1]
      selectors.append(Selector(key: "sel[\(index)]") { get in try get(previous) + 1 })
    }
    return selectors
  }

  static func g1() -> Measurement {
    let a = Atom(0, key: "a")
    let selectors = chain(a)
    let container = AtomContainer()
    return rounds(setting: a, reading: selectors[999], in: container, evaluationsPerRound: 1000)
  }

  /// 1,000 rounds of `set a = r + 1` and one read, after a first read outside the timing.
  static func rounds(
    setting a: Atom<Int>, reading read: Selector<Int>, in container: AtomContainer, evaluationsPerRound: Int
  ) -> Measurement {
    _ = try? container.get(read)
    var check = 0
    let start = BenchmarkClock.nanos()
    for round in 0..<1000 {
      container.set(a, round + 1)
      check &+= (try? container.get(read)) ?? 0
    }
    return Measurement(
      nanos: Double(BenchmarkClock.nanos() - start), operations: evaluationsPerRound * 1000, check: check)
  }

  static func fan(_ a: Atom<Int>) -> (selectors: [Selector<Int>], sum: Selector<Int>) {
    let selectors = (0..<1000).map { index in Selector(key: "sel[\(index)]") { get in try get(a) * (index + 1) } }
    let sum = Selector(key: "sum") { get in
      var total = 0
      for selector in selectors { total &+= try get(selector) }
      return total
    }
    return (selectors, sum)
  }

  static func g2() -> Measurement {
    let a = Atom(0, key: "a")
    let (_, sum) = fan(a)
    return rounds(setting: a, reading: sum, in: AtomContainer(), evaluationsPerRound: 1001)
  }

  static func g3() -> Measurement { g3 { _ in } }

  /// G3; `prepare` sees the container before the graph is built (to attach an inspector).
  static func g3(prepare: (AtomContainer) -> Void) -> Measurement {
    let n = 10_000
    let atoms = (0..<n).map { Atom(0, key: "A[\($0)]") }
    let selectors = (0..<n).map { j in
      let first = atoms[j]
      let second = atoms[(j * 7919) % n]
      return Selector(key: "S[\(j)]") { get in try get(first) + get(second) }
    }
    let container = AtomContainer()
    prepare(container)
    for selector in selectors { _ = try? container.get(selector) }
    var check = 0
    var keys = G3Keys(n: n)
    let start = BenchmarkClock.nanos()
    for round in 0..<100_000 {
      let (k, other) = keys.next()
      container.set(atoms[k], round + 1)
      check &+= (try? container.get(selectors[k])) ?? 0
      if other != k { check &+= (try? container.get(selectors[other])) ?? 0 }
    }
    return Measurement(nanos: Double(BenchmarkClock.nanos() - start), operations: 100_000, check: check)
  }

  /// Counts the evaluations of one more round, outside the timing, through the observer hooks.
  static func evaluationsPerRound(_ workload: String) -> Int {
    let a = Atom(0, key: "a")
    let container = AtomContainer()
    let read: Selector<Int>
    if workload == "G1" {
      read = chain(a)[999]
    } else {
      read = fan(a).sum
    }
    _ = try? container.get(read)
    let counter = EvaluationCounter()
    container.addObserver(counter)
    container.set(a, 1)
    _ = try? container.get(read)
    return counter.count
  }

  final class EvaluationCounter: AtomGraphObserver {
    private let evaluations = Atomic<Int>(0)
    var count: Int { evaluations.load(ordering: .relaxed) }
    func receive(_ event: AtomGraphEvent) {
      if case .evaluationFinished = event { evaluations.add(1, ordering: .relaxed) }
    }
  }

  // MARK: - Baselines: exactly the affected values, recomputed by hand

  @inline(never) static func g1Baseline() -> Measurement {
    let n = 1000
    var atom = 0
    var selectors = [Int](repeating: 0, count: n)
    func recompute() {
      selectors[0] = atom + 1
      for index in 1..<n { selectors[index] = selectors[index - 1] + 1 }
    }
    recompute()
    var check = 0
    let start = BenchmarkClock.nanos()
    for round in 0..<1000 {
      atom = round + 1
      recompute()
      check &+= selectors[n - 1]
    }
    return Measurement(nanos: Double(BenchmarkClock.nanos() - start), operations: n * 1000, check: check)
  }

  @inline(never) static func g2Baseline() -> Measurement {
    let n = 1000
    var atom = 0
    var selectors = [Int](repeating: 0, count: n)
    var sum = 0
    func recompute() {
      for index in 0..<n { selectors[index] = atom * (index + 1) }
      var total = 0
      for index in 0..<n { total &+= selectors[index] }
      sum = total
    }
    recompute()
    var check = 0
    let start = BenchmarkClock.nanos()
    for round in 0..<1000 {
      atom = round + 1
      recompute()
      check &+= sum
    }
    return Measurement(nanos: Double(BenchmarkClock.nanos() - start), operations: (n + 1) * 1000, check: check)
  }

  @inline(never) static func g3Baseline() -> Measurement {
    let n = 10_000
    var atoms = [Int](repeating: 0, count: n)
    var selectors = [Int](repeating: 0, count: n)
    for j in 0..<n { selectors[j] = atoms[j] + atoms[(j * 7919) % n] }
    var check = 0
    var keys = G3Keys(n: n)
    let start = BenchmarkClock.nanos()
    for round in 0..<100_000 {
      let (k, other) = keys.next()
      atoms[k] = round + 1
      selectors[k] = atoms[k] + atoms[(k * 7919) % n]
      if other != k { selectors[other] = atoms[other] + atoms[(other * 7919) % n] }
      check &+= selectors[k]
      if other != k { check &+= selectors[other] }
    }
    return Measurement(nanos: Double(BenchmarkClock.nanos() - start), operations: 100_000, check: check)
  }
}

/// G3's sequence of written atoms: an LCG from x = 42 picks `k`; `other` is the second
/// selector reading `A[k]` (7679 is 7919⁻¹ mod n). Shared by the workload and its baseline.
struct G3Keys {
  let n: Int
  private var x: UInt32 = 42

  init(n: Int) {
    self.n = n
  }

  @inline(__always) mutating func next() -> (k: Int, other: Int) {
    x = x &* 1_664_525 &+ 1_013_904_223
    let k = Int(x % UInt32(n))
    return (k, (k * 7679) % n)
  }
}
