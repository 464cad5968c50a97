import RecoilStores
import Synchronization

/// S1/S2: the store workloads of `shared/anchors`, beside a plain-Swift baseline (the same
/// reducer called in a loop, subscribers as an array of closures, no lock) in the same run.
enum StoreBenchmark {
  struct Counter: Sendable { var counter = 0 }
  struct Add: Sendable { var amount: Int }

  /// A checksum that subscribers add to; only the processing thread writes it.
  final class Checksum: @unchecked Sendable {
    // Written only by the single thread running the benchmark loop.
    var value = 0
  }

  static func run(_ workload: String, repetitions: Int) {
    let (subscribers, dispatches, expected) =
      workload == "S1" ? (1, 1_000_000, 500_000_500_000) : (100, 100_000, 500_005_000_000)
    let ours = GraphBenchmark.median(repetitions) { store(subscribers: subscribers, dispatches: dispatches) }
    let baseline = GraphBenchmark.median(repetitions) { plain(subscribers: subscribers, dispatches: dispatches) }
    precondition(ours.check == expected && baseline.check == expected, "\(workload) check mismatch: \(ours.check)")
    let perOperation = ours.nanos / Double(dispatches)
    let basePerOperation = baseline.nanos / Double(dispatches)
    print(
      "\(workload) ns_per_op=\(GraphBenchmark.format(perOperation)) baseline_ns_per_op=\(GraphBenchmark.format(basePerOperation)) ratio=\(GraphBenchmark.format(perOperation / basePerOperation)) check=\(ours.check)"
    )
  }

  static let reducer = Reducer<Counter, Add>(returning: { state, action in
    Counter(counter: state.counter + action.amount)
  })

  static func store(subscribers: Int, dispatches: Int) -> GraphBenchmark.Measurement {
    let store = Store(initialState: Counter(), reducer: reducer, name: "bench")
    let checksum = Checksum()
    // The subscriptions deliver the current state (0) at once, which adds nothing.
    let subscriptions = (0..<subscribers).map { _ in store.subscribe { checksum.value &+= $0.counter } }
    let start = BenchmarkClock.nanos()
    for _ in 0..<dispatches { store.dispatch(Add(amount: 1)) }
    let nanos = Double(BenchmarkClock.nanos() - start)
    withExtendedLifetime(subscriptions) {}
    return GraphBenchmark.Measurement(nanos: nanos, operations: dispatches, check: checksum.value)
  }

  @inline(never) static func reduce(_ state: Counter, _ action: Add) -> Counter {
    Counter(counter: state.counter + action.amount)
  }

  static func plain(subscribers: Int, dispatches: Int) -> GraphBenchmark.Measurement {
    let checksum = Checksum()
    let callbacks: [(Counter) -> Void] = (0..<subscribers).map { _ in { checksum.value &+= $0.counter } }
    var state = Counter()
    let start = BenchmarkClock.nanos()
    for _ in 0..<dispatches {
      state = reduce(state, Add(amount: 1))
      for callback in callbacks { callback(state) }
    }
    let nanos = Double(BenchmarkClock.nanos() - start)
    return GraphBenchmark.Measurement(nanos: nanos, operations: dispatches, check: checksum.value)
  }
}
