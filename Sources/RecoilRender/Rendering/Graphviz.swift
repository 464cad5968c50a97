internal import CGraphviz
// The only file that imports Graphviz's C API. Every pointer stays inside this file, every
// acquire is paired with a `defer` release, and every call runs under one lock because
// Graphviz keeps global state and is not thread-safe.
import Foundation
import RecoilConcurrency
import Synchronization

enum Graphviz {
  /// The one Graphviz context, created on first use and reused: creating a context loads the
  /// plugin configuration, which is slow. The lock serialises all Graphviz calls in the process.
  private static let context = LockedValue<GVCContext?>(nil)

  /// Text Graphviz reported through `agerr` during the current call. `agerr` delivers a
  /// message in pieces ("Error", ": ", the text), so pieces are joined and split at newlines.
  private static let messageText = LockedValue<String>("")

  static var version: String {
    PACKAGE_VERSION
  }

  /// Lays out a description and draws it in `format` (none: no drawing), with where Graphviz
  /// put its nodes (and edges) when `places` says; Graphviz's warnings (which do not stop it)
  /// are returned, never printed.
  static func layOut(_ description: GraphDescription, format: RenderFormat?, places: GraphPlaces.Scope?)
    throws(RenderError) -> LaidOut
  {
    let result: Result<LaidOut, RenderError> = context.withLock { slot in
      if slot == nil { slot = GVCContext() }
      guard let gvc = slot?.pointer else { return .failure(.graphviz("could not create a Graphviz context")) }
      messageText.withLock { $0 = "" }
      _ = agseterr(AGWARN)
      _ = agseterrf(collectMessage)
      defer { _ = agseterrf(nil) }
      return Result { () throws(RenderError) in
        var laidOut = try layOut(description, format: format, places: places, gvc: gvc)
        laidOut.warnings = messages.filter { $0.hasPrefix("Warning") }.map {
          String($0.dropFirst("Warning".count)).trimmingCharacters(in: CharacterSet(charactersIn: ": "))
        }
        return laidOut
      }
    }
    return try result.get()
  }

  /// A laid-out graph: its drawing (empty when none was asked for), Graphviz's warnings, and
  /// where it put everything (when asked for).
  struct LaidOut {
    var bytes: [UInt8] = []
    var warnings: [String] = []
    var places: GraphPlaces?
  }

  // MARK: - Building the cgraph graph

  /// cgraph's numbering of objects, in the order they are made: each graph counts from 1 in
  /// odd numbers (as cgraph does for unnamed objects) and a name is left to cgraph's own map,
  /// which then numbers it the same way and keeps the name.
  private static func orderedIdentities() -> Agiddisc_t {
    Agiddisc_t(
      open: { _, _ in
        let next = UnsafeMutablePointer<IDTYPE>.allocate(capacity: 1)
        next.initialize(to: 1)
        return UnsafeMutableRawPointer(next)
      },
      map: { state, _, name, id, _ in
        guard name == nil, let next = state?.assumingMemoryBound(to: IDTYPE.self), let id else { return 0 }
        id.pointee = next.pointee
        next.pointee += 2
        return 1
      },
      alloc: { _, _, id in id & 1 == 0 ? 1 : 0 },  // as cgraph's: a requested number must be even
      free: { _, _, _ in },
      print: { _, _, _ in nil },  // names are in cgraph's own map
      close: { state in state?.assumingMemoryBound(to: IDTYPE.self).deallocate() },
      idregister: { _, _, _ in })
  }

  private static func layOut(
    _ description: GraphDescription, format: RenderFormat?, places: GraphPlaces.Scope?, gvc: OpaquePointer
  ) throws(RenderError) -> LaidOut {
    // The same description as cgraph's global `Agdirected`, built locally: that global is mutable.
    var directed = Agdesc_t()
    directed.directed = 1
    directed.maingraph = 1
    // cgraph numbers a named object by the address it keeps the name at, and orders clusters
    // by that number: the same graph would be laid out differently after other layouts had
    // moved the heap. Named objects are numbered as unnamed ones are, in the order they are
    // made (cgraph keeps their names in its own map), so a layout depends on its graph alone.
    let identities = UnsafeMutablePointer<Agiddisc_t>.allocate(capacity: 1)
    identities.initialize(to: orderedIdentities())
    let discipline = UnsafeMutablePointer<Agdisc_t>.allocate(capacity: 1)
    discipline.initialize(to: Agdisc_t(mem: nil, id: identities, io: nil))  // nil: cgraph's own
    defer {
      discipline.deallocate()
      identities.deallocate()
    }
    guard let graph = "state".withCString({ agopen(UnsafeMutablePointer(mutating: $0), directed, discipline) }) else {
      throw .graphviz(lastError() ?? "agopen failed")
    }
    defer { agclose(graph) }

    declareAttributes(of: description, in: graph)
    var nodes: [String: UnsafeMutablePointer<Agnode_t>] = [:]
    nodes.reserveCapacity(description.nodes.count)
    for node in description.nodes {
      nodes[node.name] = try makeNode(node, in: graph)
    }
    for cluster in description.clusters {
      try addCluster(cluster, to: graph, nodes: &nodes)
    }
    for edge in description.edges {
      guard let tail = nodes[edge.tail], let head = nodes[edge.head] else { continue }
      guard let made = agedge(graph, tail, head, nil, 1) else { throw .graphviz(lastError() ?? "agedge failed") }
      for (name, value) in edge.attributes { setAttribute(made, name, value) }
    }

    guard gvLayout(gvc, graph, description.engine) == 0 else {
      throw .graphviz(collected() ?? lastError() ?? "layout failed")
    }
    if let limit = description.maximumAspect, let ratio = ratioBringing(graph, within: limit) {
      gvFreeLayout(gvc, graph)
      setAttribute(graph, "ratio", String(ratio))
      guard gvLayout(gvc, graph, description.engine) == 0 else {
        throw .graphviz(collected() ?? lastError() ?? "layout failed")
      }
    }
    defer { gvFreeLayout(gvc, graph) }
    // Graphviz recovers from some errors (a bad label is drawn as plain text); we built every
    // label ourselves, so any error means a broken picture and is reported as a failure.
    if let error = errors() { throw .graphviz(error) }
    var laidOut = LaidOut()
    if let format {
      laidOut.bytes = try renderData(gvc, graph, format: format.rawValue, gvRenderData)
      guard !laidOut.bytes.isEmpty else {
        throw .graphviz(collected() ?? "rendering produced no output")
      }
    }
    if let places {
      // Graphviz's public `attach_attrs` writes the layout into the graph's `pos`, `width`,
      // `height` and `bb` attributes, which are read back from there.
      attach_attrs(graph)
      laidOut.places = read(places, of: graph)
    }
    return laidOut
  }

  /// Sets the graph's attributes and declares the nodes' and edges' defaults.
  private static func declareAttributes(of description: GraphDescription, in graph: UnsafeMutablePointer<Agraph_t>) {
    for (name, value) in description.graphAttributes { setAttribute(graph, name, value) }
    for (name, value) in description.nodeDefaults { declare(graph, kind: AGNODE, name, value) }
    for (name, value) in description.edgeDefaults { declare(graph, kind: AGEDGE, name, value) }
    // Attributes set on some objects only must be declared with a neutral default first (those
    // no object sets need not be: declaring costs a dictionary insertion per graph, and a
    // report lays out tens of thousands of small ones).
    let nodeNames = description.nodeAttributeNames
    for name in ["class", "tooltip", "peripheries", "penwidth", "fontcolor", "color", "fillcolor", "shape", "fontsize"]
    where nodeNames.contains(name) {
      declare(graph, kind: AGNODE, name, defaultNodeAttribute(name))
    }
    let edgeNames = Set(description.edges.lazy.flatMap { $0.attributes.lazy.map(\.0) })
    for (name, value) in [("tooltip", ""), ("minlen", "1"), ("style", "")] where edgeNames.contains(name) {
      declare(graph, kind: AGEDGE, name, value)
    }
  }

  /// The graph's `bb`, every node's `pos`, `width` and `height`, and with `.nodesAndEdges`
  /// every edge's `id` and `pos`, as `attach_attrs` left them.
  private static func read(_ scope: GraphPlaces.Scope, of graph: UnsafeMutablePointer<Agraph_t>) -> GraphPlaces {
    func withAttribute<Object, Result>(
      _ object: UnsafeMutablePointer<Object>, _ name: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
      let value = name.withUTF8Buffer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { agget(object, UnsafeMutablePointer(mutating: $0.baseAddress)) }
      }
      guard let value else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
      let length = strlen(value)
      return value.withMemoryRebound(to: UInt8.self, capacity: length + 1) {
        body(UnsafeBufferPointer(start: $0, count: length))
      }
    }
    var places = withAttribute(graph, "bb") { GraphPlaces(boundingBox: $0) }
    var node = agfstnode(graph)
    while let current = node {
      let name = agnameof(current).map { String(cString: $0) } ?? ""
      withAttribute(current, "pos") { position in
        withAttribute(current, "width") { width in
          withAttribute(current, "height") { height in
            places.addNode(name, position: position, width: width, height: height)
          }
        }
      }
      var edge = scope == .nodesAndEdges ? agfstout(graph, current) : nil
      while let out = edge {
        let id = withAttribute(out, "id") { String(decoding: $0, as: UTF8.self) }
        withAttribute(out, "pos") { places.addEdge(id, position: $0) }
        edge = agnxtout(graph, out)
      }
      node = agnxtnode(graph, current)
    }
    return places
  }

  /// The `ratio` (height over width) that brings a laid-out graph within `limit` to one, or
  /// `nil` when it is already; read from the bounding box `gvLayout` leaves in `bb`
  /// (`llx lly urx ury`, in points; commas in some versions).
  private static func ratioBringing(_ graph: UnsafeMutablePointer<Agraph_t>, within limit: Double) -> Double? {
    guard let text = "bb".withCString({ agget(graph, UnsafeMutablePointer(mutating: $0)) }) else { return nil }
    let numbers = String(cString: text).split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    guard numbers.count == 4 else { return nil }
    let (width, height) = (numbers[2] - numbers[0], numbers[3] - numbers[1])
    guard width > 0, height > 0 else { return nil }
    if width > limit * height { return 1 / limit }
    if height > limit * width { return limit }
    return nil
  }

  private static func makeNode(_ node: GraphDescription.Node, in graph: UnsafeMutablePointer<Agraph_t>)
    throws(RenderError) -> UnsafeMutablePointer<Agnode_t>
  {
    guard let made = node.name.withCString({ agnode(graph, UnsafeMutablePointer(mutating: $0), 1) }) else {
      throw .graphviz(lastError() ?? "agnode failed")
    }
    for (name, value) in node.attributes { setAttribute(made, name, value) }
    // A stand-in without a label of its own (see `GraphDescription.Node`) keeps its attributes'.
    if !node.htmlLabel.isEmpty { try setHTMLLabel(made, graph: graph, node.htmlLabel) }
    return made
  }

  private static func addCluster(
    _ cluster: GraphDescription.Cluster, to parent: UnsafeMutablePointer<Agraph_t>,
    nodes: inout [String: UnsafeMutablePointer<Agnode_t>]
  ) throws(RenderError) {
    guard let subgraph = cluster.name.withCString({ agsubg(parent, UnsafeMutablePointer(mutating: $0), 1) }) else {
      throw .graphviz(lastError() ?? "agsubg failed")
    }
    for (name, value) in cluster.attributes { setAttribute(subgraph, name, value) }
    try setHTMLLabel(subgraph, graph: parent, cluster.htmlLabel)
    for node in cluster.ownNodes {
      nodes[node.name] = try makeNode(node, in: parent)
    }
    for name in cluster.nodeNames {
      guard let node = nodes[name] else { continue }
      _ = agsubnode(subgraph, node, 1)
    }
    for child in cluster.clusters {
      try addCluster(child, to: subgraph, nodes: &nodes)
    }
  }

  // MARK: - Attributes

  private static func defaultNodeAttribute(_ name: String) -> String {
    switch name {
    case "peripheries": "1"
    case "penwidth": "1.2"
    case "fontcolor": "#000000"
    case "color": "#000000"
    case "fillcolor": "lightgrey"
    case "shape": "ellipse"
    case "fontsize": "12"
    default: ""
    }
  }

  private static func declare(_ graph: UnsafeMutablePointer<Agraph_t>, kind: Int32, _ name: String, _ value: String) {
    name.withCString { namePointer in
      value.withCString { valuePointer in
        _ = agattr(
          graph, kind, UnsafeMutablePointer(mutating: namePointer), UnsafeMutablePointer(mutating: valuePointer))
      }
    }
  }

  private static func setAttribute<Object>(_ object: UnsafeMutablePointer<Object>, _ name: String, _ value: String) {
    name.withCString { namePointer in
      value.withCString { valuePointer in
        "".withCString { empty in
          _ = agsafeset(
            object, UnsafeMutablePointer(mutating: namePointer), UnsafeMutablePointer(mutating: valuePointer),
            UnsafeMutablePointer(mutating: empty))
        }
      }
    }
  }

  /// Sets `label` to an HTML-like string: `agstrdup_html` marks the string as HTML, and
  /// `agsafeset` then shares that marked string.
  private static func setHTMLLabel<Object>(
    _ object: UnsafeMutablePointer<Object>, graph: UnsafeMutablePointer<Agraph_t>, _ html: String
  ) throws(RenderError) {
    guard let marked = html.withCString({ agstrdup_html(graph, UnsafeMutablePointer(mutating: $0)) }) else {
      throw .graphviz("could not store a label")
    }
    defer { _ = agstrfree(graph, marked) }
    "label".withCString { name in
      "".withCString { empty in
        _ = agsafeset(object, UnsafeMutablePointer(mutating: name), marked, UnsafeMutablePointer(mutating: empty))
      }
    }
  }

  // MARK: - Rendering and errors

  /// Calls `gvRenderData`, whose length parameter is `unsigned int *` in Graphviz 2.x and
  /// `size_t *` from 3.0 on; `Length` is inferred from whichever the headers declare.
  private static func renderData<Length: BinaryInteger>(
    _ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, format: String,
    _ function: (
      OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?,
      UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<Length>?
    ) -> Int32
  ) throws(RenderError) -> [UInt8] {
    var data: UnsafeMutablePointer<CChar>?
    var length: Length = 0
    let status = format.withCString { function(gvc, graph, $0, &data, &length) }
    defer { if let data { gvFreeRenderData(data) } }
    guard status == 0, let data else {
      throw .graphviz(collected() ?? "could not render \(format)")
    }
    return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }

  private static func lastError() -> String? {
    guard let message = aglasterr() else { return nil }
    defer { free(message) }
    return tidy(String(cString: message))
  }

  private static var messages: [String] {
    messageText.withLock { $0 }.split(separator: "\n").compactMap { tidy(String($0)) }
  }

  /// Collected messages at error level, if any, without the "Error: " prefix.
  private static func errors() -> String? {
    let all = messages.filter { $0.hasPrefix("Error") }.map {
      String($0.dropFirst("Error".count)).trimmingCharacters(in: CharacterSet(charactersIn: ": "))
    }
    return all.isEmpty ? nil : all.joined(separator: "; ")
  }

  private static func collected() -> String? {
    let all = messages
    return all.isEmpty ? nil : all.joined(separator: "; ")
  }

  fileprivate static func tidy(_ message: String) -> String? {
    let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  fileprivate static func append(_ piece: String) {
    messageText.withLock { $0 += piece }
  }
}

/// Receives Graphviz's error and warning text instead of it going to stderr.
private func collectMessage(_ message: UnsafeMutablePointer<CChar>?) -> Int32 {
  if let message { Graphviz.append(String(cString: message)) }
  return 0
}

/// Owns the Graphviz context. Only used under `Graphviz.context`'s lock.
private final class GVCContext {
  let pointer: OpaquePointer?
  init() { pointer = gvContext() }
  deinit { if let pointer { gvFreeContext(pointer) } }
}
