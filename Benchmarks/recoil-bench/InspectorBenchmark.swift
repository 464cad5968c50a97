import RecoilAtoms
import RecoilInspector
import RecoilStores

/// S1 and G3 with an inspector attached and recording to memory, beside the same workloads
/// without it, in one run: `S1+inspector ns_per_op=… plain_ns_per_op=… ratio=…`.
enum InspectorBenchmark {
  static func run(_ workload: String, repetitions: Int) {
    let (inspected, plain, operations): (GraphBenchmark.Measurement, GraphBenchmark.Measurement, Int)
    if workload == "S1" {
      inspected = GraphBenchmark.median(repetitions) { store(inspected: true) }
      plain = GraphBenchmark.median(repetitions) { store(inspected: false) }
      operations = 1_000_000
    } else {
      inspected = GraphBenchmark.median(repetitions) { graph(inspected: true) }
      plain = GraphBenchmark.median(repetitions) { graph(inspected: false) }
      operations = 100_000
    }
    precondition(inspected.check == plain.check, "\(workload)+inspector check mismatch")
    let perOperation = inspected.nanos / Double(operations)
    let plainPerOperation = plain.nanos / Double(operations)
    print(
      "\(workload)+inspector ns_per_op=\(GraphBenchmark.format(perOperation)) plain_ns_per_op=\(GraphBenchmark.format(plainPerOperation)) ratio=\(GraphBenchmark.format(perOperation / plainPerOperation)) check=\(inspected.check)"
    )
  }

  static func store(inspected: Bool) -> GraphBenchmark.Measurement {
    let store = Store(initialState: StoreBenchmark.Counter(), reducer: StoreBenchmark.reducer, name: "bench")
    let inspector = Inspector()
    if inspected { inspector.attach(store) }
    let checksum = StoreBenchmark.Checksum()
    let subscription = store.subscribe { checksum.value &+= $0.counter }
    let start = BenchmarkClock.nanos()
    for _ in 0..<1_000_000 { store.dispatch(StoreBenchmark.Add(amount: 1)) }
    let nanos = Double(BenchmarkClock.nanos() - start)
    withExtendedLifetime((subscription, inspector)) {}
    return GraphBenchmark.Measurement(nanos: nanos, operations: 1_000_000, check: checksum.value)
  }

  static func graph(inspected: Bool) -> GraphBenchmark.Measurement {
    let inspector = Inspector()
    let measurement = GraphBenchmark.g3 { container in
      if inspected { inspector.attach(container) }
    }
    withExtendedLifetime(inspector) {}
    return measurement
  }
}
