import Foundation

/// Turns a parsed JSON document into a ``Snapshot``, checking types, enumerations and references.
/// Unknown fields are ignored so that newer writers can add them.
struct SnapshotDecoder {
  static func decode(_ root: JSONValue) throws(SnapshotError) -> Snapshot {
    let document = Field(value: root, path: "$")
    try document.requireObject()

    let formatField = try document.required("format")
    guard try formatField.string() == Snapshot.format else {
      throw .wrongFormat(found: formatField.value.preview, at: formatField.location)
    }
    let versionField = try document.required("version")
    guard case .integer(let version) = versionField.value.content else {
      if case .double = versionField.value.content {
        throw .unsupportedVersion(found: versionField.value.preview, at: versionField.location)
      }
      throw .typeMismatch(expected: "an integer", found: versionField.value.typeName, at: versionField.location)
    }
    guard version == Snapshot.version else {
      throw .unsupportedVersion(found: String(version), at: versionField.location)
    }

    var snapshot = Snapshot()
    if let field = try document.optional("capturedAt") {
      guard let date = ISO8601.parse(try field.string()) else {
        throw .invalidValue(
          expected: "an ISO 8601 date such as 2026-11-30T07:00:00Z", found: field.value.preview,
          at: field.location)
      }
      snapshot.capturedAt = date
    }

    // Each id's first element, by index; its path is spelled out only for an error.
    var firstIndexOfID: [String: Int] = [:]
    let nodeElements = try document.required("nodes").elements()
    firstIndexOfID.reserveCapacity(nodeElements.count)
    snapshot.nodes.reserveCapacity(nodeElements.count)
    for (index, element) in nodeElements.enumerated() {
      let node = try decodeNode(element)
      if let first = firstIndexOfID.updateValue(index, forKey: node.id) {
        throw .duplicateNodeID(
          id: node.id, firstPath: nodeElements[first].path, at: try element.required("id").location)
      }
      snapshot.nodes.append(node)
    }
    // Owners must name nodes too; checked once all ids are known.
    for (index, node) in snapshot.nodes.enumerated() {
      if let owner = node.owner, firstIndexOfID[owner] == nil {
        throw .unknownNode(id: owner, at: try nodeElements[index].required("owner").location)
      }
    }

    for element in try document.required("edges").elements() {
      try element.requireObject()
      let fromField = try element.required("from")
      let toField = try element.required("to")
      let edge = SnapshotEdge(from: try fromField.string(), to: try toField.string())
      if firstIndexOfID[edge.from] == nil { throw .unknownNode(id: edge.from, at: fromField.location) }
      if firstIndexOfID[edge.to] == nil { throw .unknownNode(id: edge.to, at: toField.location) }
      snapshot.edges.append(edge)
    }

    if let actions = try document.optional("actions") {
      let elements = try actions.elements()
      snapshot.actions.reserveCapacity(elements.count)
      for element in elements {
        snapshot.actions.append(try decodeAction(element))
      }
    }

    if let dropped = try document.optional("dropped") {
      try dropped.requireObject()
      snapshot.dropped = SnapshotDropCounts(
        actions: try dropped.optional("actions")?.count() ?? 0,
        evaluations: try dropped.optional("evaluations")?.count() ?? 0,
        events: try dropped.optional("events")?.count() ?? 0)
    }
    return snapshot
  }

  static func decodeNode(_ element: Field) throws(SnapshotError) -> SnapshotNode {
    try element.requireObject()
    let idField = try element.required("id")
    let id = try idField.string()
    guard !id.isEmpty else {
      throw .invalidValue(expected: "a non-empty id", found: "\"\"", at: idField.location)
    }
    let kindField = try element.required("kind")
    guard let kind = SnapshotNodeKind(rawValue: try kindField.string()) else {
      throw .invalidValue(
        expected: "atom, selector, store or slice", found: kindField.value.preview, at: kindField.location)
    }
    var node = SnapshotNode(id: id, kind: kind)
    node.label = try element.optional("label")?.string()
    node.isAsync = try element.optional("async")?.bool() ?? false
    node.family = try element.optional("family")?.string()
    node.parameter = try element.optional("parameter")?.string()
    node.owner = try element.optional("owner")?.string()
    node.valueType = try element.optional("valueType")?.string()
    node.value = try element.optional("value")?.string()
    if let statusField = try element.optional("status") {
      guard let status = SnapshotNodeStatus(rawValue: try statusField.string()) else {
        throw .invalidValue(
          expected: "ready, loading or error", found: statusField.value.preview, at: statusField.location)
      }
      node.status = status
    }
    node.error = try element.optional("error")?.string()
    node.subscribers = try element.optional("subscribers")?.count()
    if let stats = try element.optional("evaluations") {
      try stats.requireObject()
      node.evaluations = SnapshotEvaluations(
        count: try stats.required("count").count(),
        totalNanos: try stats.required("totalNanos").count(),
        minNanos: try stats.optional("minNanos")?.count(),
        maxNanos: try stats.optional("maxNanos")?.count(),
        lastNanos: try stats.optional("lastNanos")?.count(),
        timedCount: try stats.optional("timedCount")?.count())
    }
    return node
  }

  static func decodeAction(_ element: Field) throws(SnapshotError) -> SnapshotAction {
    try element.requireObject()
    var action = SnapshotAction(
      seq: try element.required("seq").count(),
      store: try element.required("store").string(),
      name: try element.required("name").string())
    action.payload = try element.optional("payload")?.string()
    action.atNanos = try element.optional("atNanos")?.count()
    action.durationNanos = try element.optional("durationNanos")?.count()
    if let changes = try element.optional("changes") {
      for change in try changes.elements() {
        try change.requireObject()
        action.changes.append(
          SnapshotChange(
            path: try change.required("path").string(),
            before: try change.optional("before")?.string(),
            after: try change.optional("after")?.string()))
      }
    }
    return action
  }
}

/// ISO 8601 timestamps, with or without fractional seconds.
enum ISO8601 {
  static func parse(_ text: String) -> Date? {
    if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
      return date
    }
    return try? Date.ISO8601FormatStyle().parse(text)
  }

  static func format(_ date: Date) -> String {
    let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
    return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
  }
}
