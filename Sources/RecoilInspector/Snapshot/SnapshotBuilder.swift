import RecoilAtoms
import RecoilReflection
import RecoilSnapshot
import RecoilStores

/// Assembles a snapshot from container states and store contents. Node ids are kept unique
/// (the first node with an id wins) and every edge and owner names a node of the snapshot.
struct SnapshotBuilder {
  let configuration: InspectorConfiguration
  private var nodes: [SnapshotNode] = []
  private var indexOfID: [String: Int] = [:]
  private var edges: [SnapshotEdge] = []
  private var edgeSet: Set<SnapshotEdge> = []
  /// The node id of each store selector by the id its records use (`store.name`): they differ
  /// when a selector is named like a slice.
  private var storeSelectorNodeIDs: [String: String] = [:]
  /// How each store selector's value is previewed, by node id (see ``SelectorExposure``).
  private var selectorExposure: [String: SelectorExposure] = [:]

  /// What a store selector's value may reveal of redacted state.
  private enum SelectorExposure {
    /// A key-path selector: its value is the state at this path, previewed as a slice there
    /// would be (masked inside, or the marker when the path is redacted).
    case path(String)
    /// It reads, directly or through other selectors, state that is or holds something
    /// redacted, and derives a value of its own from it: only the marker is safe.
    case derived
  }

  let redactor: Redactor

  init(configuration: InspectorConfiguration, redactor: Redactor) {
    self.configuration = configuration
    self.redactor = redactor
  }

  /// A store's state, or a slice's value at `path` in it, as rows of a tree (bounded, redacted
  /// at each path by the same rules as the changes), as the report's state tree shows it.
  private func structure(of value: Any, at path: String) -> [SnapshotValueRow] {
    var limits = ValueOutline.Limits()
    limits.previewLength = configuration.previewLength
    return ValueOutline.rows(of: value, at: path, limits: limits, masking: redactor)
  }

  /// The preview of node `id`'s value, which sits at `path` in a store's state if it is a slice.
  private func preview(_ value: Any, of id: String, at path: String? = nil) -> String {
    redactor.redacts(node: id) ? Redaction.marker : redactor.preview(value, at: path)
  }

  private mutating func add(_ node: SnapshotNode) {
    guard indexOfID[node.id] == nil else { return }
    indexOfID[node.id] = nodes.count
    nodes.append(node)
  }

  private mutating func connect(_ from: String, _ to: String) {
    let edge = SnapshotEdge(from: from, to: to)
    if edgeSet.insert(edge).inserted { edges.append(edge) }
  }

  // MARK: - Atom containers

  mutating func add(_ state: AtomGraphState, prefix: String) {
    for node in state.nodes {
      var snapshotNode = SnapshotNode(
        id: prefix + node.info.key.description, kind: node.info.kind == .atom ? .atom : .selector,
        isAsync: node.info.isAsync, family: node.info.family.map { prefix + $0 },
        parameter: node.info.parameter?.description, valueType: node.info.valueType, subscribers: node.subscribers)
      let id = snapshotNode.id
      switch node.loadable {
      case .value(let value):
        snapshotNode.status = .ready
        snapshotNode.value = preview(value, of: id)
      case .loading(let previous):
        snapshotNode.status = .loading
        snapshotNode.value = previous.map { preview($0, of: id) }
      case .error(let error):
        snapshotNode.status = .error
        // An error's text may quote the value it is about: masked whenever the value would be.
        snapshotNode.error =
          redactor.redacts(node: id) || redactor.redacts(valueTypeNamed: node.info.valueType)
          ? Redaction.marker : TextPreview.cut(String(describing: error), limit: configuration.previewLength * 2)
      }
      add(snapshotNode)
    }
    for edge in state.edges { connect(prefix + edge.from.description, prefix + edge.to.description) }
  }

  // MARK: - Stores

  /// A store becomes a store node, slice nodes (registered slices, or else the top-level
  /// properties of its state) and selector nodes whose inputs are edges.
  mutating func add(store name: String, contents: StoreTarget.Contents) {
    var store = SnapshotNode(
      id: name, kind: .store, label: name == contents.stateType ? nil : name, valueType: contents.stateType,
      subscribers: contents.subscribers)
    store.structure = structure(of: contents.state, at: "")
    var slices: [SnapshotNode] = []
    if contents.registeredSlices.isEmpty {
      let parts = Reflector.parts(of: contents.state)
      if parts.kind == .structure || parts.kind == .object {
        for child in parts.children {
          guard let label = child.label else { continue }
          let id = "\(name).\(label)"
          var slice = SnapshotNode(
            id: id, kind: .slice, label: label, owner: name, valueType: String(describing: type(of: child.value)),
            value: preview(child.value, of: id, at: label), status: .ready)
          slice.structure = redactor.redacts(node: id) ? nil : structure(of: child.value, at: label)
          slices.append(slice)
        }
      }
    } else {
      for (info, value) in zip(contents.registeredSlices, contents.sliceValues) {
        let id = "\(name).\(info.name)"
        var slice = SnapshotNode(
          id: id, kind: .slice, label: info.name, owner: name, valueType: info.valueType,
          value: preview(value.value, of: id, at: info.path), status: .ready)
        if info.path != info.name { slice.path = info.path }
        slice.structure = redactor.redacts(node: id) ? nil : structure(of: value.value, at: info.path)
        slices.append(slice)
      }
    }
    // Its value: its slices' values (the report composes the same as of each step), or, with
    // no slices, its whole state.
    store.value =
      redactor.redacts(node: name)
      ? Redaction.marker
      : slices.isEmpty
        ? redactor.preview(contents.state, at: "")
        : StoreValueText.compose(type: contents.stateType, parts: slices.map { ($0.label ?? $0.id, $0.value) })
    add(store)
    var sliceIDs: [String: String] = [:]
    for slice in slices {
      add(slice)
      sliceIDs[slice.label ?? slice.id] = slice.id
    }
    // A selector named like a slice gets its own id, so the two never merge.
    var selectorIDs: [String: String] = [:]
    for selector in contents.selectors {
      var id = StoreSelectorNode.id(selector.name, store: name)
      if indexOfID[id] != nil {
        id += " (selector)"
        storeSelectorNodeIDs[StoreSelectorNode.id(selector.name, store: name)] = id
      }
      selectorIDs[selector.name] = id
      add(SnapshotNode(id: id, kind: .selector, label: selector.name, owner: name, status: .ready))
    }
    markExposure(of: contents.selectors, ids: selectorIDs)
    for selector in contents.selectors {
      guard let id = selectorIDs[selector.name] else { continue }
      for input in selector.inputs {
        if let inputID = selectorIDs[input] {
          connect(inputID, id)
          continue
        }
        // A key path such as \AppState.cart.items: the slice it starts in, or else a slice
        // node for the path itself.
        let components = input.split(separator: ".").dropFirst().map(String.init)
        if let first = components.first, let sliceID = sliceIDs[first] {
          connect(sliceID, id)
        } else {
          let path = components.isEmpty ? input : components.joined(separator: ".")
          let pathID = "\(name).\(path)"
          add(SnapshotNode(id: pathID, kind: .slice, label: path, owner: name))
          connect(pathID, id)
        }
      }
    }
  }

  /// Decides how each of a store's selectors is previewed: a key-path selector at its path; a
  /// selector that reads redacted state, or state holding something redacted, directly or
  /// through other selectors, not at all (its value is derived, so no path masks it).
  private mutating func markExposure(
    of selectors: [(name: String, inputs: [String])], ids: [String: String]
  ) {
    // Which selectors may reveal redacted state: those reading such state, then, round by
    // round until nothing changes, those reading a selector that does (a fixed point, so
    // composition of any depth, and a name leading back to itself, need no recursion).
    var reveals = Set(
      selectors.filter {
        $0.inputs.contains { Self.isKeyPath($0) && redactor.exposesRedacted(path: Self.statePath(ofKeyPath: $0)) }
      }
      .map(\.name))
    var grew = true
    while grew {
      grew = false
      for selector in selectors
      where !reveals.contains(selector.name) && selector.inputs.contains(where: reveals.contains) {
        reveals.insert(selector.name)
        grew = true
      }
    }
    for selector in selectors {
      guard let id = ids[selector.name] else { continue }
      let readsState = selector.inputs.count == 1 && Self.isKeyPath(selector.inputs[0])
      if readsState {
        selectorExposure[id] = .path(Self.statePath(ofKeyPath: selector.inputs[0]))
      } else if reveals.contains(selector.name) {
        selectorExposure[id] = .derived
      }
    }
  }

  /// Whether a selector's input is a key path (`\AppState.cart`) rather than a selector's name.
  private static func isKeyPath(_ input: String) -> Bool { input.hasPrefix("\\") }

  /// `account.password` for the key path `\AppState.account.password`.
  private static func statePath(ofKeyPath text: String) -> String {
    text.split(separator: ".").dropFirst().joined(separator: ".")
  }

  // MARK: - Recorded data

  mutating func apply(statistics: [String: EvaluationStatistics], selectorValues: [String: any Sendable]) {
    for (recordedID, stats) in statistics {
      guard let index = indexOfID[storeSelectorNodeIDs[recordedID] ?? recordedID] else { continue }
      nodes[index].evaluations = stats.snapshot
    }
    for (recordedID, value) in selectorValues {
      let id = storeSelectorNodeIDs[recordedID] ?? recordedID
      guard let index = indexOfID[id] else { continue }
      nodes[index].value = storeSelectorPreview(value, of: id)
      nodes[index].valueType = String(describing: type(of: value))
    }
  }

  /// The preview of a value of the store selector whose records call it `recordedID`
  /// (`store.name`), redacted by what the selector may reveal (see ``SelectorExposure``): the
  /// node's value and its evaluations' values in the timeline say the same.
  func storeSelectorPreview(_ value: Any, recordedID: String) -> String {
    storeSelectorPreview(value, of: storeSelectorNodeIDs[recordedID] ?? recordedID)
  }

  private func storeSelectorPreview(_ value: Any, of id: String) -> String {
    switch selectorExposure[id] {
    case .path(let path): preview(value, of: id, at: path)
    case .derived: Redaction.marker
    case nil: preview(value, of: id)
    }
  }

  func finish() -> Snapshot {
    let known = Set(indexOfID.keys)
    var result = Snapshot(nodes: nodes, edges: edges.filter { known.contains($0.from) && known.contains($0.to) })
    for index in result.nodes.indices where result.nodes[index].owner.map({ !known.contains($0) }) ?? false {
      result.nodes[index].owner = nil
    }
    return result
  }
}

/// The snapshot's row is the outline's row: the outline makes the snapshot's rows directly.
extension SnapshotValueRow: ValueOutlineRow {}
