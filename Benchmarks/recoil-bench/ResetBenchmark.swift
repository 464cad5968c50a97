import RecoilAtoms

/// G4: `resetAll` of a container holding 15,000 atoms, each set away from its default, and
/// 5,000 selectors reading three of them each (read once, so they are up to date), beside a
/// baseline in the same run: writing each atom its default by `set`, one call per atom, which
/// is what a test would do without `resetAll`. Goal (issue 59): at most 1 µs per atom.
enum ResetBenchmark {
  static let atomCount = 15_000

  static func run(repetitions: Int) {
    let ours = GraphBenchmark.median(repetitions) { measure(resettingAll: true) }
    let baseline = GraphBenchmark.median(repetitions) { measure(resettingAll: false) }
    precondition(ours.check == 0 && baseline.check == 0, "G4 check mismatch: \(ours.check)")
    let perAtom = ours.nanos / Double(atomCount)
    let basePerAtom = baseline.nanos / Double(atomCount)
    print(
      "G4 ns_per_op=\(GraphBenchmark.format(perAtom)) baseline_ns_per_op=\(GraphBenchmark.format(basePerAtom)) ratio=\(GraphBenchmark.format(perAtom / basePerAtom)) check=0"
    )
  }

  /// One repetition: the container made and every atom set (not timed), then every atom back
  /// to its default (timed), `resetAll` or one `set` each; the check is the sum afterwards.
  static func measure(resettingAll: Bool) -> GraphBenchmark.Measurement {
    let container = AtomContainer()
    let atoms = (0..<atomCount).map { Atom(0, key: "Reset.atom\($0)") }
    let selectors = (0..<atomCount / 3).map { index in
      Selector(key: "Reset.sum\(index)") { get in
        try get(atoms[3 * index]) + get(atoms[3 * index + 1]) + get(atoms[3 * index + 2])
      }
    }
    for (index, atom) in atoms.enumerated() { container.set(atom, index + 1) }
    for selector in selectors { _ = try? container.get(selector) }
    let start = BenchmarkClock.nanos()
    if resettingAll {
      container.resetAll()
    } else {
      for atom in atoms { container.set(atom, 0) }
    }
    let nanos = Double(BenchmarkClock.nanos() - start)
    let check = selectors.reduce(0) { sum, selector in sum + ((try? container.get(selector)) ?? 1) }
    return GraphBenchmark.Measurement(nanos: nanos, operations: atomCount, check: check)
  }
}
