import Foundation

/// A snapshot's causal timeline as OpenTelemetry traces: the bodies of OTLP/HTTP JSON
/// `ExportTraceServiceRequest`s, for any collector (Jaeger, Tempo, a vendor's).
///
/// Each root cause (an action, an app's write, a control, an effect's start, a first
/// evaluation) is a trace; every entry it caused is a span whose parent is its cause. Ids are
/// as the OTLP/HTTP JSON encoding demands: lowercase hex trace and span ids (not base64), 64-bit
/// integers as decimal strings, enums as integers. A span's id is its entry's number; a trace's
/// is a salt made from the service and the snapshot's time, then its root's number.
///
/// ```swift
/// for body in OTLPTraces.requests(for: snapshot, service: SnapshotApp(name: "shop")) {
///   try post(body, to: "http://127.0.0.1:4318/v1/traces")
/// }
/// ```
///
/// The app (``SnapshotApp``) is the traces' service: its name, instance and process id are the
/// `resource` of every request.
package enum OTLPTraces {
  /// The most spans in one request, the collector's usual batch.
  package static let batchSize = 512

  /// The requests for `snapshot`'s timeline, each at most `batchSize` spans, as compact JSON.
  package static func requests(for snapshot: Snapshot, service: SnapshotApp, batchSize: Int = batchSize) -> [[UInt8]] {
    let spans = Self.spans(of: snapshot, service: service)
    var requests: [[UInt8]] = []
    var start = 0
    while start < spans.count {
      let end = min(start + max(batchSize, 1), spans.count)
      requests.append(request(spans[start..<end], service: service))
      start = end
    }
    return requests
  }

  /// One span, ready to write.
  package struct Span: Sendable {
    var traceID: String
    var spanID: String
    var parentSpanID: String?
    var name: String
    var startNanos: UInt64
    var endNanos: UInt64
    var attributes: [(key: String, value: Value)]
    /// Entries that were causes too, beside the parent: span links.
    var links: [Link] = []

    /// The span's id, 16 hex digits.
    package var id: String { spanID }
  }

  /// A span link: another entry that caused this one too, and how.
  struct Link: Sendable {
    var traceID: String
    var spanID: String
    var reason: String
  }

  /// An attribute's value.
  enum Value: Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case strings([String])
  }

  /// The spans of `snapshot`'s timeline, in its order.
  package static func spans(of snapshot: Snapshot, service: SnapshotApp) -> [Span] {
    let index = TimelineIndex(snapshot)
    // Unix time of the recording's start: the snapshot's capture time less how long it ran.
    let captured = snapshot.capturedAt ?? Date()
    let capturedNanos = UInt64(max(0, captured.timeIntervalSince1970) * 1_000_000_000)
    var maker = SpanMaker(
      salt: service.name + ":" + (service.instance ?? String(capturedNanos)),
      originNanos: capturedNanos &- UInt64(max(0, snapshot.elapsedNanos ?? 0)))
    for node in snapshot.nodes { maker.note(node: node.id, kind: node.kind) }
    var spans: [Span] = []
    spans.reserveCapacity(index.events.count)
    for event in index.events {
      var present = event
      present.cause = event.cause.flatMap { index.event(seq: $0) != nil ? $0 : nil }
      spans.append(maker.span(for: present, action: index.action(for: event)))
    }
    return spans
  }

  /// Makes spans from timeline entries taken in order, from a snapshot or a live stream:
  /// remembers each entry's trace (its root cause's), where untimed entries start, each node's
  /// latest change and recent notifications (for links), and each node's kind. What it keeps
  /// about entries is bounded (the latest `window`), so a stream that runs for days holds no
  /// more than a snapshot does.
  package struct SpanMaker: Sendable {
    /// Hex digits that make this source's trace ids its own.
    private let salt: String
    /// Unix nanoseconds of the timeline's time 0.
    private let originNanos: UInt64
    private let window: Int
    private var kinds: [String: SnapshotNodeKind] = [:]
    private var rootOf: [Int: Int] = [:]
    private var startOf: [Int: UInt64] = [:]
    /// Each node's latest change (write, resolution, evaluation that changed it).
    private var latestChange: [String: Int] = [:]
    /// Each node's latest notifications, newest last, a few each.
    private var notifications: [String: [Int]] = [:]
    /// Each scope's previous run, by name.
    private var previousRun: [String: Int] = [:]

    /// - Parameters:
    ///   - salt: What makes the trace ids of this source differ from another's (the service and
    ///     its instance).
    ///   - originNanos: Unix time, in nanoseconds, of the timeline's time 0.
    ///   - window: How many of the latest entries are remembered.
    package init(salt: String, originNanos: UInt64, window: Int = 65_536) {
      self.salt = hex(fnv1a(salt))
      self.originNanos = originNanos
      self.window = max(window, 1)
    }

    /// Remembers a node's kind, for its entries' `recoil.node.kind`.
    package mutating func note(node: String, kind: SnapshotNodeKind) {
      kinds[node] = kind
    }

    /// The span of `event`, whose `cause` is its parent; `action` is the store action it
    /// stands for, when it is one.
    package mutating func span(for event: SnapshotEntry, action: SnapshotAction?) -> Span {
      let cause = event.cause
      let root = cause.map { rootOf[$0] ?? $0 } ?? event.seq
      rootOf[event.seq] = root
      var attributes: [(key: String, value: Value)] = [
        ("recoil.timeline.seq", .int(event.seq)), ("recoil.kind", .string(event.kind.rawValue)),
      ]
      if let cause { attributes.append(("recoil.timeline.cause", .int(cause))) }
      // An untimed entry starts where its cause did, and claims no duration.
      let start: UInt64
      if let at = event.atNanos {
        start = originNanos &+ UInt64(max(0, at))
      } else {
        start = cause.flatMap { startOf[$0] } ?? originNanos
        attributes.append(("recoil.time", .string("estimated from its cause; not timed")))
      }
      startOf[event.seq] = start
      let end = start &+ UInt64(max(0, event.durationNanos ?? 0))
      attributes.append(("recoil.timed", .bool(event.durationNanos != nil)))
      if let store = event.store { attributes.append(("recoil.store", .string(store))) }
      if let node = event.node {
        attributes.append(("recoil.node", .string(node)))
        if let kind = kinds[node] { attributes.append(("recoil.node.kind", .string(kind.rawValue))) }
      }
      if let trigger = event.trigger { attributes.append(("recoil.trigger", .string(trigger))) }
      if let changed = event.changed { attributes.append(("recoil.changed", .bool(changed))) }
      if let value = event.value { attributes.append(("recoil.value", .string(value))) }
      if let before = event.before { attributes.append(("recoil.before", .string(before))) }
      if let after = event.after { attributes.append(("recoil.after", .string(after))) }
      if let phase = event.phase { attributes.append(("recoil.phase", .string(phase))) }
      if let error = event.error { attributes.append(("recoil.error", .string(error))) }
      if let subscribers = event.subscribers { attributes.append(("recoil.subscribers", .int(subscribers))) }
      if !event.reads.isEmpty { attributes.append(("recoil.reads", .strings(event.reads))) }
      if event.kind == .action, let action {
        attributes.append(("recoil.action.seq", .int(action.seq)))
        if let payload = action.payload { attributes.append(("recoil.payload", .string(payload))) }
        if !action.changes.isEmpty { attributes.append(("recoil.changed_paths", .strings(action.changes.map(\.path)))) }
      }
      if let site = event.site {
        // `Module/File.swift:12`: OpenTelemetry's code attributes.
        if let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]) {
          attributes.append(("code.filepath", .string(String(site[..<colon]))))
          attributes.append(("code.lineno", .int(line)))
        } else {
          attributes.append(("recoil.site", .string(site)))
        }
      }
      let links = secondCauses(of: event).map {
        Link(traceID: salt + hex(UInt64(rootOf[$0.seq] ?? $0.seq)), spanID: hex(UInt64($0.seq)), reason: $0.reason)
      }
      remember(event)
      return Span(
        traceID: salt + hex(UInt64(root)), spanID: hex(UInt64(event.seq)), parentSpanID: cause.map { hex(UInt64($0)) },
        name: OTLPTraces.name(of: event), startNanos: start, endNanos: max(end, start), attributes: attributes,
        links: links)
    }

    /// The entries that caused `event` beside its parent, as far as the timeline shows: the
    /// latest change of the dependency an evaluation names as its trigger, when that is not
    /// its cause; the notifications of what a scope read since its previous run, other than
    /// the one that made it run.
    private func secondCauses(of event: SnapshotEntry) -> [(seq: Int, reason: String)] {
      switch event.kind {
      case .evaluation:
        guard let trigger = event.trigger, trigger.hasPrefix("dependency "),
          let change = latestChange[String(trigger.dropFirst("dependency ".count))], change != event.cause
        else { return [] }
        return [(change, "dependency changed")]
      case .scope:
        let since = previousRun[event.name ?? ""] ?? 0
        var found: [(seq: Int, reason: String)] = []
        for node in event.reads {
          for seq in notifications[node] ?? [] where seq > since && seq != event.cause {
            found.append((seq, "notified \(node)"))
          }
        }
        return found.sorted { $0.seq < $1.seq }.suffix(16).map { $0 }
      default:
        return []
      }
    }

    private mutating func remember(_ event: SnapshotEntry) {
      if let node = event.node {
        switch event.kind {
        case .write, .resolution: latestChange[node] = event.seq
        case .evaluation where event.changed != false: latestChange[node] = event.seq
        case .notification:
          var recent = notifications[node] ?? []
          recent.append(event.seq)
          if recent.count > 8 { recent.removeFirst(recent.count - 8) }
          notifications[node] = recent
        default: break
        }
      }
      if event.kind == .scope { previousRun[event.name ?? ""] = event.seq }
      // Forget entries older than the window, in one sweep each time it fills twice over.
      if rootOf.count > 2 * window {
        let oldest = event.seq - window
        rootOf = rootOf.filter { $0.key >= oldest }
        startOf = startOf.filter { $0.key >= oldest }
      }
    }
  }

  /// `action app/settings(.setCurrency)`, `evaluate Pricing.displayPrices`, `write Pricing.currency`.
  static func name(of event: SnapshotEntry) -> String {
    switch event.kind {
    case .action: "action \(event.store ?? "?")/\(event.name ?? "?")"
    case .write: "\(event.name == "reset" ? "reset" : "write") \(event.subject)"
    case .evaluation: "evaluate \(event.subject)"
    case .notification: "notify \(event.subject)"
    case .effect: "effect \(event.name ?? "?")"
    case .resolution: "\(event.phase ?? "resolved") \(event.subject)"
    case .control: "control \(event.name ?? "?") \(event.subject)"
    case .scope: "run \(event.name ?? "scope")"
    }
  }

  /// One request body holding `spans`.
  package static func request(_ spans: ArraySlice<Span>, service: SnapshotApp) -> [UInt8] {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.beginArray(key: "resourceSpans")
    writer.beginObject()
    writer.beginObject(key: "resource")
    var resource: [(key: String, value: Value)] = [("service.name", .string(service.name))]
    if let instance = service.instance { resource.append(("service.instance.id", .string(instance))) }
    if let processID = service.processID { resource.append(("process.pid", .int(processID))) }
    resource += [
      ("telemetry.sdk.name", .string("recoil-inspect")), ("telemetry.sdk.language", .string("swift")),
      ("telemetry.sdk.version", .string(PackageVersion.current)),
    ]
    write(resource, to: &writer)
    writer.endObject()
    writer.beginArray(key: "scopeSpans")
    writer.beginObject()
    writer.beginObject(key: "scope")
    writer.write("name", "recoil-inspect")
    writer.write("version", PackageVersion.current)
    writer.endObject()
    writer.writeObjects(key: "spans", spans) { writer, span in
      writer.write("traceId", span.traceID)
      writer.write("spanId", span.spanID)
      writer.write("parentSpanId", span.parentSpanID)
      writer.write("name", span.name)
      writer.write("kind", 1)  // SPAN_KIND_INTERNAL
      writer.write("startTimeUnixNano", String(span.startNanos))
      writer.write("endTimeUnixNano", String(span.endNanos))
      write(span.attributes, to: &writer)
      if !span.links.isEmpty {
        writer.writeObjects(key: "links", span.links) { writer, link in
          writer.write("traceId", link.traceID)
          writer.write("spanId", link.spanID)
          write([("recoil.link", .string(link.reason))], to: &writer)
        }
      }
    }
    writer.endObject()
    writer.endArray()
    writer.endObject()
    writer.endArray()
    writer.endObject()
    return writer.bytes
  }

  /// An `attributes` list of `KeyValue`s; 64-bit integers as decimal strings.
  private static func write(_ attributes: [(key: String, value: Value)], to writer: inout JSONWriter) {
    writer.writeObjects(key: "attributes", attributes) { writer, attribute in
      let (key, value) = attribute
      writer.write("key", key)
      writer.beginObject(key: "value")
      switch value {
      case .string(let text): writer.write("stringValue", text)
      case .int(let number): writer.write("intValue", String(number))
      case .bool(let flag): writer.write("boolValue", flag)
      case .strings(let texts):
        writer.beginObject(key: "arrayValue")
        writer.writeObjects(key: "values", texts) { writer, text in writer.write("stringValue", text) }
        writer.endObject()
      }
      writer.endObject()
    }
  }

  /// 16 lowercase hex digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// FNV-1a over `text`'s UTF-8: a stable salt, never zero.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash == 0 ? 1 : hash
  }
}
