import RecoilSnapshot

/// The R1 graph, exactly as `shared/anchors/dot/make_dag.py` builds it: nodes n0..n(N-1) in
/// layers of 20, even nodes atoms and odd nodes selectors, and every node outside layer 0
/// depending on 2 distinct nodes from the up to 3 layers above it (LCG, seed 42).
public struct LayeredDAG: Sendable {
  public static let width = 20
  public static let reach = 3

  public let count: Int
  /// (dependent, dependency) pairs in generation order.
  public let dependencies: [(Int, Int)]

  public init(count: Int) {
    self.count = count
    var x: UInt64 = 42
    func random(_ bound: Int) -> Int {
      x = (1_664_525 &* x &+ 1_013_904_223) & 0xFFFF_FFFF
      return Int(x % UInt64(bound))
    }
    var pairs: [(Int, Int)] = []
    for i in Self.width..<max(count, Self.width) {
      let layer = i / Self.width
      let low = max(0, layer - Self.reach) * Self.width
      let high = layer * Self.width
      let first = low + random(high - low)
      var second = first
      while second == first { second = low + random(high - low) }
      pairs.append((i, first))
      pairs.append((i, second))
    }
    dependencies = pairs
  }

  public var snapshot: Snapshot {
    Snapshot(
      nodes: (0..<count).map {
        SnapshotNode(id: "n\($0)", kind: $0 % 2 == 0 ? .atom : .selector, label: $0 % 2 == 0 ? "a\($0)" : "s\($0)")
      },
      edges: dependencies.map { SnapshotEdge(from: "n\($0.1)", to: "n\($0.0)") })
  }

  /// The same DOT text `make_dag.py` writes.
  public var dot: String {
    var lines = ["digraph R1 {", "  node [style=filled];"]
    for i in 0..<count {
      lines.append(
        i % 2 == 0
          ? "  n\(i) [label=\"a\(i)\", shape=box, fillcolor=\"#bcd9ff\"];"
          : "  n\(i) [label=\"s\(i)\", shape=ellipse, fillcolor=\"#ffd8a8\"];")
    }
    for (dependent, dependency) in dependencies { lines.append("  n\(dependent) -> n\(dependency);") }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
