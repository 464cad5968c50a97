import Foundation

/// `recoil-bench [WORKLOAD ...] [--reps N]`: the release-built benchmark. Each workload prints
/// one line per measurement, always with a baseline measured in the same run.
@main
struct RecoilBench {
  /// `+inspector-every`: the same with every action and evaluation timed (not in the default set).
  static let workloads = [
    "S1", "S2", "G1", "G2", "G3", "G4", "S1+inspector", "G3+inspector", "S1+detached", "G3+detached", "R1", "R3", "A1",
    "M1",
    "D1",
    "L1", "W1", "H1", "H2", "H3",
  ]

  static func main() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var repetitions: Int?
    if let index = arguments.firstIndex(of: "--reps"), index + 1 < arguments.count,
      let value = Int(arguments[index + 1])
    {
      repetitions = value
      arguments.removeSubrange(index...index + 1)
    }
    if arguments.contains("--help") || arguments.contains("-h") {
      print(
        "usage: recoil-bench [\(workloads.joined(separator: "|"))|S1+inspector-every|G3+inspector-every|S1+stalled|S1+stream|S1+otlp|K1|K1-quick|R1-quick|D1-quick|L1-quick ...] [--reps N]\n       recoil-bench graph layered|app|tangled|events|actions COUNT FILE   (writes a generated snapshot or event log)"
      )
      return
    }
    #if DEBUG
      FileHandle.standardError.write(
        Data("recoil-bench: warning: debug build; use 'swift run -c release recoil-bench'\n".utf8))
    #endif
    if arguments.first == "graph" {
      try GraphFile.write(Array(arguments.dropFirst()))
      return
    }
    let selected = arguments.isEmpty ? workloads : arguments
    for workload in selected {
      switch workload.uppercased() {
      case "R1": try RenderBenchmark.run(sizes: [100, 1000, 3000], repetitions: repetitions ?? 3)
      case "R1-QUICK": try RenderBenchmark.run(sizes: [100, 1000], repetitions: repetitions ?? 1)
      case "R3": try OverviewBenchmark.run(sizes: [30_000, 100_000], repetitions: repetitions ?? 3)
      case "A1": try AppOverviewBenchmark.run(sizes: [30_000, 100_000], repetitions: repetitions ?? 3)
      case "D1": try DecodeBenchmark.run(actions: 160_000, repetitions: repetitions ?? 3)
      case "D1-QUICK": try DecodeBenchmark.run(actions: 20_000, repetitions: repetitions ?? 3)
      case "L1": try ReplayBenchmark.run(events: 1_000_000, repetitions: repetitions ?? 3)
      case "L1-QUICK": try ReplayBenchmark.run(events: 100_000, repetitions: repetitions ?? 3)
      case "W1": try SnapshotWriteBenchmark.run(repetitions: repetitions ?? 5)
      case "M1": try MemoryBenchmark.run(renders: 200)
      case "H1", "H2": try ReportBenchmark.run(workload.uppercased(), repetitions: repetitions ?? 3)
      case "H3": try ReportBenchmark.runStepping(samples: repetitions.map { max($0, 10) } ?? 40)
      case "S1+INSPECTOR": InspectorBenchmark.run("S1", timing: .sampled, repetitions: repetitions ?? 9)
      case "S1+DETACHED": InspectorBenchmark.run("S1", watching: .detached, repetitions: repetitions ?? 9)
      case "K1": try LiveKeepUpBenchmark.run(rate: 10_000, seconds: 60)
      case "K1-QUICK": try LiveKeepUpBenchmark.run(rate: 10_000, seconds: 10)
      case "S1+STALLED":
        InspectorBenchmark.run("S1", watching: .streamingToStalledListener, repetitions: repetitions ?? 9)
        StalledListener.shared.stop()
      case "S1+STREAM": InspectorBenchmark.run("S1", watching: .streamingToFile, repetitions: repetitions ?? 9)
      case "S1+OTLP":
        InspectorBenchmark.run("S1", watching: .exportingTraces, repetitions: repetitions ?? 9)
        TraceSink.shared.stop()
      case "G3+DETACHED": InspectorBenchmark.run("G3", watching: .detached, repetitions: repetitions ?? 9)
      case "G3+INSPECTOR": InspectorBenchmark.run("G3", timing: .sampled, repetitions: repetitions ?? 9)
      case "S1+INSPECTOR-EVERY": InspectorBenchmark.run("S1", timing: .everyOperation, repetitions: repetitions ?? 9)
      case "G3+INSPECTOR-EVERY": InspectorBenchmark.run("G3", timing: .everyOperation, repetitions: repetitions ?? 9)
      case "S1", "S2": StoreBenchmark.run(workload.uppercased(), repetitions: repetitions ?? 5)
      case "G1", "G2", "G3": GraphBenchmark.run(workload.uppercased(), repetitions: repetitions ?? 5)
      case "G4": ResetBenchmark.run(repetitions: repetitions ?? 5)
      default:
        FileHandle.standardError.write(
          Data("recoil-bench: unknown workload \(workload); known: \(workloads.joined(separator: " "))\n".utf8))
        exit(64)
      }
    }
  }
}
