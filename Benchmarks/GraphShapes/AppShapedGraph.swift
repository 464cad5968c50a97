import RecoilSnapshot

/// A state graph shaped like a large app's, as the overview meets it in the field rather than
/// in the layered DAG of `shared/anchors`: the shape issue 59 describes, and a harder one.
///
/// - ``Shape/app``: 40 key namespaces (`Area07.…`); a third of the nodes members of atom and
///   selector families (`Area07.row3("k123")`, with `family` and `parameter`); 4 stores with 6
///   slices each, a few selectors reading them; layered edges, each selector reading 2 nodes
///   from the 3 layers of 20 above it (so nearly every pair of namespaces is linked); one
///   selector in 997 failed and one in 1,009 loading.
/// - ``Shape/tangled``: the same, but 120 namespaces nested two deep
///   (`Feature07.Screen2.…`), 3 reads per selector, one of them from anywhere above (a
///   shared service read from every screen), and families spread over every namespace.
///
/// The graph is the same in every run (a fixed LCG), so figures and counts can be compared.
///
/// ```swift
/// let snapshot = AppShapedGraph(shape: .app, count: 10_000).snapshot
/// try SnapshotCodec.encode(snapshot, layout: .compact).write(to: file)
/// ```
public struct AppShapedGraph: Sendable {
  /// Which app.
  public enum Shape: String, Sendable, CaseIterable {
    case app, tangled
  }

  /// How many nodes in a layer; a selector reads from the layers above its own.
  public static let layerWidth = 20
  /// The stores and how many slices each has.
  public static let stores = ["session", "cart", "catalog", "settings"]
  public static let slicesPerStore = 6

  public let shape: Shape
  public let snapshot: Snapshot

  /// Makes the graph of `count` nodes (stores and slices included).
  ///
  /// - Parameters:
  ///   - shape: Which app.
  ///   - count: How many nodes in all.
  public init(shape: Shape, count: Int) {
    self.shape = shape
    var seed: UInt64 = 42
    func random(_ bound: Int) -> Int {
      seed = (1_664_525 &* seed &+ 1_013_904_223) & 0xFFFF_FFFF
      return Int(seed % UInt64(max(bound, 1)))
    }
    var nodes: [SnapshotNode] = []
    var edges: [SnapshotEdge] = []
    var slices: [String] = []
    for store in Self.stores {
      nodes.append(SnapshotNode(id: store, kind: .store))
      for slice in 0..<Self.slicesPerStore {
        let id = "\(store).slice\(slice)"
        nodes.append(SnapshotNode(id: id, kind: .slice, owner: store))
        slices.append(id)
      }
    }
    let layered = max(count - nodes.count, 0)
    var ids: [String] = []
    ids.reserveCapacity(layered)
    for index in 0..<layered {
      let isAtom = index % 2 == 0
      let namespace = Self.namespace(of: index, shape: shape)
      var node: SnapshotNode
      if index % 3 == 0 {
        // A family member: atom families have even rows, selector families odd ones.
        let row = (index / 7 % 3) * 2 + (isAtom ? 0 : 1)
        let family = "\(namespace).row\(row)"
        let parameter = "\"k\(index)\""
        node = SnapshotNode(
          id: "\(family)(\(parameter))", kind: isAtom ? .atom : .selector, family: family, parameter: parameter)
      } else {
        node = SnapshotNode(
          id: "\(namespace).\(isAtom ? "value" : "derived")\(index)", kind: isAtom ? .atom : .selector)
      }
      if !isAtom && index % 997 == 1 {
        node.status = .error
        node.error = "request failed"
      } else if !isAtom && index % 1009 == 3 {
        node.status = .loading
      }
      nodes.append(node)
      ids.append(node.id)
      guard !isAtom, index >= Self.layerWidth else { continue }
      let layer = index / Self.layerWidth
      let low = max(0, layer - 3) * Self.layerWidth
      let high = layer * Self.layerWidth
      var read: Set<Int> = []
      while read.count < 2 { read.insert(low + random(high - low)) }
      if shape == .tangled {
        var far = random(high)
        while read.contains(far) { far = random(high) }
        read.insert(far)
      }
      for dependency in read.sorted() { edges.append(SnapshotEdge(from: ids[dependency], to: node.id)) }
      if index % 50 == 1 { edges.append(SnapshotEdge(from: slices[random(slices.count)], to: node.id)) }
    }
    snapshot = Snapshot(nodes: nodes, edges: edges)
  }

  /// `Area07` (app) or `Feature07.Screen2` (tangled) for the node at `index`.
  static func namespace(of index: Int, shape: Shape) -> String {
    switch shape {
    case .app:
      return "Area" + twoDigits(index % 40)
    case .tangled:
      let feature = index % 120
      return "Feature" + twoDigits(feature / 3) + ".Screen\(feature % 3)"
    }
  }

  private static func twoDigits(_ number: Int) -> String {
    number < 10 ? "0\(number)" : String(number)
  }
}

extension AppShapedGraph {
  /// The graph as plain DOT for `dot -Tsvg`, the baseline: atoms boxes, selectors ellipses,
  /// stores and slices tabs, no clusters, as `shared/anchors/dot/make_dag.py` draws its DAG.
  public var dot: String {
    var lines = ["digraph app {", "  node [style=filled];"]
    var nameOfID: [String: String] = [:]
    for (index, node) in snapshot.nodes.enumerated() {
      let name = "n\(index)"
      nameOfID[node.id] = name
      let look =
        switch node.kind {
        case .atom: "shape=box, fillcolor=\"#bcd9ff\""
        case .selector: "shape=ellipse, fillcolor=\"#ffd8a8\""
        case .store, .slice: "shape=tab, fillcolor=\"#c3f0ca\""
        }
      let label = node.id.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      lines.append("  \(name) [label=\"\(label)\", \(look)];")
    }
    for edge in snapshot.edges {
      if let from = nameOfID[edge.from], let to = nameOfID[edge.to] { lines.append("  \(from) -> \(to);") }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
