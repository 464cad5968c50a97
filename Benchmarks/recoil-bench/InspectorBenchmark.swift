import RecoilAtoms
import RecoilInspector
import RecoilStores

/// S1 and G3 with an inspector attached and recording to memory, beside the same workloads
/// without it, in one run: `S1+inspector ns_per_op=… plain_ns_per_op=… ratio=…`. The
/// inspector times by sample (its default) or, for `S1+inspector-every`, every operation.
///
/// `S1+detached` and `G3+detached` run the workloads on a store or container that an
/// inspector watched and let go, beside ones never watched: what nobody watches must cost
/// nothing, the causal timeline's cause context included.
enum InspectorBenchmark {
  /// How the measured store or container is watched.
  enum Watching {
    case attached
    case detached
  }

  static func run(
    _ workload: String, timing: RecordingTiming = .sampled, watching: Watching = .attached, repetitions: Int
  ) {
    let mode: (Bool) -> Mode = { $0 ? (watching == .attached ? .attached : .detached) : .never }
    let measure: (Bool) -> GraphBenchmark.Measurement =
      workload == "S1"
      ? { store(mode($0), timing: timing) } : { graph(mode($0), timing: timing) }
    let operations = workload == "S1" ? 1_000_000 : 100_000
    // Measured in rounds of one inspected and one plain run, next to each other so that both
    // see the same phase of a machine whose speed drifts, the first of the pair alternating
    // so that a drift within a round favours neither. The ratio is the median of the rounds'
    // ratios: a phase change between rounds moves both sides of a round together.
    var inspectedSamples: [GraphBenchmark.Measurement] = []
    var plainSamples: [GraphBenchmark.Measurement] = []
    var ratios: [Double] = []
    for round in 0..<repetitions {
      let inspectedFirst = round.isMultiple(of: 2)
      let first = measure(inspectedFirst)
      let second = measure(!inspectedFirst)
      let (inspectedRun, plainRun) = inspectedFirst ? (first, second) : (second, first)
      inspectedSamples.append(inspectedRun)
      plainSamples.append(plainRun)
      ratios.append(inspectedRun.nanos / plainRun.nanos)
    }
    let inspected = GraphBenchmark.median(of: inspectedSamples)
    let plain = GraphBenchmark.median(of: plainSamples)
    let ratio = ratios.sorted()[ratios.count / 2]
    let name =
      workload
      + (watching == .detached ? "+detached" : timing == .everyOperation ? "+inspector-every" : "+inspector")
    precondition(inspected.check == plain.check, "\(name) check mismatch")
    let perOperation = inspected.nanos / Double(operations)
    let plainPerOperation = plain.nanos / Double(operations)
    print(
      "\(name) ns_per_op=\(GraphBenchmark.format(perOperation)) plain_ns_per_op=\(GraphBenchmark.format(plainPerOperation)) ratio=\(GraphBenchmark.format(ratio)) check=\(inspected.check)"
    )
  }

  static func inspector(_ timing: RecordingTiming) -> Inspector {
    var configuration = InspectorConfiguration()
    configuration.timing = timing
    return Inspector(configuration: configuration)
  }

  /// Whether the measured store or container is watched now, was watched, or never was.
  enum Mode {
    case never, attached, detached
  }

  static func store(_ mode: Mode, timing: RecordingTiming) -> GraphBenchmark.Measurement {
    let store = Store(initialState: StoreBenchmark.Counter(), reducer: StoreBenchmark.reducer, name: "bench")
    let inspector = inspector(timing)
    if mode != .never {
      let attachment = inspector.attach(store)
      if mode == .detached { attachment.detach() }
    }
    let checksum = StoreBenchmark.Checksum()
    let subscription = store.subscribe { checksum.value &+= $0.counter }
    let start = BenchmarkClock.nanos()
    for _ in 0..<1_000_000 { store.dispatch(StoreBenchmark.Add(amount: 1)) }
    let nanos = Double(BenchmarkClock.nanos() - start)
    withExtendedLifetime((subscription, inspector)) {}
    return GraphBenchmark.Measurement(nanos: nanos, operations: 1_000_000, check: checksum.value)
  }

  static func graph(_ mode: Mode, timing: RecordingTiming) -> GraphBenchmark.Measurement {
    let inspector = inspector(timing)
    let measurement = GraphBenchmark.g3 { container in
      if mode != .never {
        let attachment = inspector.attach(container)
        if mode == .detached { attachment.detach() }
      }
    }
    withExtendedLifetime(inspector) {}
    return measurement
  }
}
