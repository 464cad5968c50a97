import RecoilSnapshot

/// An app's graph of any size, as the overview meets it: two stores with slices and store
/// selectors, an atom family and a selector family over a third of the nodes each (one member
/// failed, one loading), and the rest in nested namespaces (`Catalog.*`, `Catalog.Items.*`,
/// `Orders.History.*`…), each selector depending on earlier nodes (a fixed LCG, so every run
/// draws the same graph).
enum GeneratedAppGraph {
  static let namespaces = [
    "Catalog", "Catalog.Items", "Cart", "Pricing", "Search", "Profile", "Orders", "Orders.History",
  ]

  static func make(nodeCount: Int) -> Snapshot {
    var seed: UInt64 = 7
    func random(_ bound: Int) -> Int {
      seed = (1_664_525 &* seed &+ 1_013_904_223) & 0xFFFF_FFFF
      return Int(seed % UInt64(bound))
    }
    var nodes: [SnapshotNode] = []
    var edges: [SnapshotEdge] = []
    for store in ["app", "session"] {
      nodes.append(SnapshotNode(id: store, kind: .store))
      for slice in 0..<6 { nodes.append(SnapshotNode(id: "\(store).slice\(slice)", kind: .slice, owner: store)) }
      nodes.append(SnapshotNode(id: "\(store).summary", kind: .selector, owner: store))
      edges.append(SnapshotEdge(from: "\(store).slice0", to: "\(store).summary"))
    }
    let members = nodeCount / 3
    for member in 0..<members {
      nodes.append(
        SnapshotNode(id: "Catalog.item(\(member))", kind: .atom, family: "Catalog.item", parameter: String(member)))
      nodes.append(
        SnapshotNode(
          id: "Catalog.price(\(member))", kind: .selector, family: "Catalog.price", parameter: String(member),
          status: member == 7 ? .error : member == 8 ? .loading : nil, error: member == 7 ? "price feed down" : nil,
          evaluations: SnapshotEvaluations(count: 3, totalNanos: 1_000 * (member % 50 + 1))))
      edges.append(SnapshotEdge(from: "Catalog.item(\(member))", to: "Catalog.price(\(member))"))
    }
    var loose: [String] = []
    var index = 0
    while nodes.count < nodeCount {
      let id = "\(namespaces[index % namespaces.count]).n\(index)"
      nodes.append(SnapshotNode(id: id, kind: index % 2 == 0 ? .atom : .selector))
      if index % 2 == 1, !loose.isEmpty {
        edges.append(SnapshotEdge(from: loose[random(loose.count)], to: id))
        if loose.count > 1 { edges.append(SnapshotEdge(from: loose[random(loose.count)], to: id)) }
      }
      loose.append(id)
      index += 1
    }
    if !loose.isEmpty {
      for member in stride(from: 0, to: members, by: max(members / 50, 1)) {
        edges.append(SnapshotEdge(from: "Catalog.price(\(member))", to: loose[random(loose.count)]))
      }
      edges.append(SnapshotEdge(from: "app.slice1", to: loose[0]))
    }
    // A loose selector may have drawn the same dependency twice.
    var seen: Set<[String]> = []
    edges = edges.filter { seen.insert([$0.from, $0.to]).inserted }
    return Snapshot(nodes: nodes, edges: edges)
  }
}
