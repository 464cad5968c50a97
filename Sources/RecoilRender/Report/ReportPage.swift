import Foundation
import RecoilSnapshot

/// The interactive HTML report: one self-contained page holding the Graphviz-laid-out SVG, its
/// data, its style and its script, which makes no network request.
///
/// The page's parts:
/// - the toolbar: `#search`, a filter by kind, a heat toggle, zoom buttons and a summary;
/// - `#graph`: the SVG, each node's group carrying `data-node-id`, panned and zoomed;
/// - `#details`: what is known about the selected node or the chosen timeline entry;
/// - `#timeline`: every entry of the causal timeline (or every action, for a snapshot without
///   one), filtered by the command line's words, virtualized, each row carrying `data-seq` and
///   `data-kind`; under it a scrubber with play and pause;
/// - `#announce`: what a screen reader is told when the selection or the step changes.
///
/// Everything from the snapshot is data: the SVG's text is escaped by the renderer, attributes
/// by ``SVGForHTML``, the embedded JSON by ``ScriptEmbedding``, and the script writes text
/// only through `textContent`. A Content-Security-Policy allows nothing but this page's own
/// style and script (by a nonce), so no network load and no injected script can run.
enum ReportPage {
  struct Content {
    var title: String
    var svg: [UInt8]
    var snapshot: Snapshot
    var heat: Bool
    /// For a drawing of a difference: each node's mark (added, removed, changed, slower).
    var marks: DifferenceMarks?
    /// For the live page: the shape of the graph the page was laid out for.
    var shape: Int? = nil
    /// For a large graph: the groups `svg` draws closed, and what each holds (none on the live
    /// page, which asks its server for each as it opens it).
    var overview: Overview? = nil
    /// The neighbourhoods focus shows, laid out on their own (see ``NeighbourhoodPlans``).
    var neighbourhoods: NeighbourhoodPlans? = nil
    /// For a report served by `report --serve`: the page may ask its own server (and only
    /// it) for a neighbourhood it holds no layout of (see ``ServedReport``).
    var asksServerForLayouts = false
  }

  /// A large graph's groups that open in place: which group each node and group is drawn in,
  /// and each closed group's inside as inline SVG.
  struct Overview {
    var layout: ExpandableOverview
    var insides: [(key: Int, svg: [UInt8])]
  }

  static func html(_ content: Content) -> [UInt8] {
    let nonce = makeNonce()
    let snapshot = content.snapshot
    // The parts first, then the page at its size: a large graph's page runs to hundreds of
    // megabytes, and grown by doubling it would be held twice. The neighbourhoods, its
    // largest part, are written into it as they are made, a piece at a time.
    let drawing = SVGForHTML.inline(content.svg, nodeIDs: snapshot.nodes.map(\.id))
    let data = ReportData.json(for: snapshot, marks: content.marks, shape: content.shape, overview: content.overview)
    let neighbourhoods = content.neighbourhoods.flatMap { $0.planCount == 0 && $0.overviews.isEmpty ? nil : $0 }
    let insides = content.overview.flatMap { $0.insides.isEmpty ? nil : ReportData.insides($0.insides) }
    var page: [UInt8] = []
    page.reserveCapacity(
      1 << 16 + ReportStyle.css.utf8.count + ReportScript.source.utf8.count + drawing.count + data.count
        + (neighbourhoods?.estimatedPageBytes ?? 0) + (insides?.count ?? 0))
    func add(_ text: String) { page.append(contentsOf: text.utf8) }

    add(
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-\(nonce)'; \
      style-src 'nonce-\(nonce)'; img-src data:;\(content.asksServerForLayouts ? " connect-src 'self';" : "") \
      base-uri 'none'; form-action 'none'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="recoil-inspect">
      <title>\(text(content.title)) · recoil-inspect</title>
      <style nonce="\(nonce)">
      \(ReportStyle.css)
      </style>
      </head>
      <body\(content.asksServerForLayouts ? #" data-layouts="server""# : "")>
      \(toolbar(content))
      <main>
      <div id="graph" tabindex="0" aria-label="State graph: drag to pan, wheel to zoom, click a node to select it">\
      <div id="canvas">
      """)
    page.append(contentsOf: drawing)
    add(
      """
      </div></div>
      \(detailsPane)
      \(timelinePanel)
      <script type="application/json" id="report-data">
      """)
    page.append(contentsOf: data)
    if let neighbourhoods {
      // Read when focus first shows one.
      add(
        """
        </script>
        <script type="application/json" id="report-neighbourhoods">
        """)
      ReportData.writeNeighbourhoods(neighbourhoods) { ScriptEmbedding.append(json: $0, to: &page) }
    }
    if let insides {
      // Read only when a group is first opened: thousands of nodes' SVG as text, not as DOM.
      add(
        """
        </script>
        <script type="application/json" id="report-insides">
        """)
      page.append(contentsOf: insides)
    }
    add(
      """
      </script>
      <script nonce="\(nonce)">
      \(ReportScript.source)
      </script>
      </body>
      </html>

      """)
    return page
  }

  /// The bar above the graph: search, the kinds shown, heat, depth, zoom and focus, and what
  /// the snapshot holds.
  private static func toolbar(_ content: Content) -> String {
    let snapshot = content.snapshot
    return """
      <header id="toolbar">
      <h1>\(text(content.title))</h1>
      <input id="search" type="search" placeholder="Search ids, labels, values  ( / )" autocomplete="off" \
      spellcheck="false" aria-label="Search nodes by id, label or value">
      <span id="search-count" aria-live="polite"></span>
      <fieldset id="kinds"><legend>Show</legend>\(kindFilters())</fieldset>\(content.marks == nil ? "" : """
      <label class="toggle" title="Hide every node and edge the difference did not touch">\
      <input type="checkbox" id="only-changed"> only what changed</label>
      """)
      <label class="toggle"><input type="checkbox" id="heat"\(content.heat ? " checked" : "")> heat</label>\
      <span id="heat-scale" hidden title="Total evaluation time, against the slowest node's">\
      <span class="scale-end">0</span><span class="scale"></span>\
      <span class="scale-end">\(text(hottest(in: snapshot)))</span></span>
      <label class="toggle" title="How many steps up- and downstream a selection marks">depth \
      <select id="depth" aria-label="How many steps up- and downstream the selection marks">\(depthChoices(for: snapshot))\
      </select></label>
      <span id="zoom" role="group" aria-label="Zoom">\
      <button id="zoom-out" type="button" title="Zoom out (−)" aria-label="Zoom out">−</button>\
      <button id="zoom-fit" type="button" title="Fit the graph (0)">fit</button>\
      <button id="zoom-in" type="button" title="Zoom in (+)" aria-label="Zoom in">+</button>\
      <button id="focus" type="button" aria-pressed="false" disabled \
      title="Show only the selected node and what it marks (f)">focus</button></span>
      <span id="summary">\(text(summary(of: snapshot, isDifference: content.marks != nil)))</span>
      </header>
      """
  }

  /// The details beside the graph, with their first hint, the end of the main part, and the
  /// live region that reads
  /// out what changed.
  private static let detailsPane = """
    <aside id="details" tabindex="-1" aria-label="Details"><p class="hint">Click a node or search for one to see its \
    value, what it depends on and what depends on it. Choose an entry in the timeline, or step with ← and →: every \
    value in the graph goes back to what it was then.</p></aside>
    </main>
    <div id="announce" class="visually-hidden" aria-live="polite"></div>
    """

  /// The timeline under the graph: its filters, its entries and the scrubber.
  private static let timelinePanel = """
    <section id="timeline-panel" aria-label="Timeline">
    <div id="timeline-head"><strong>Timeline</strong> <span id="timeline-count"></span>
    <details id="timeline-filter-box"><summary>Filter</summary>\
    <span id="timeline-filters" role="group" aria-label="Filter the timeline">\
    <input id="filter-store" list="store-names" placeholder="--store" size="8" aria-label="Only this store's entries (--store)" \
    autocomplete="off" spellcheck="false"><datalist id="store-names"></datalist>\
    <input id="filter-node" placeholder="--node glob" size="12" aria-label="Only entries about nodes matching this glob (--node)" \
    autocomplete="off" spellcheck="false">\
    <input id="filter-kind" placeholder="--kind action,write" size="20" \
    aria-label="Only these kinds, comma-separated: action, write, evaluation, notification, effect, resolution, control (--kind)" \
    autocomplete="off" spellcheck="false">\
    <input id="filter-grep" placeholder="--grep text" size="12" aria-label="Only entries whose text holds this (--grep)" \
    autocomplete="off" spellcheck="false">\
    <input id="filter-not-node" placeholder="--not-node glob" size="16" \
    aria-label="Leave out entries about nodes matching this glob (--not-node)" autocomplete="off" spellcheck="false">\
    <input id="filter-not-kind" placeholder="--not-kind notification" size="24" \
    aria-label="Leave out these kinds, comma-separated (--not-kind)" autocomplete="off" spellcheck="false">\
    <label><input type="checkbox" id="filter-changed"> hide no-change</label>\
    <label><input type="checkbox" id="filter-touching"> selected node only</label></span></details>
    <span id="filter-error" role="alert"></span>
    <span class="hint">← → step · Home End · Esc clears</span></div>
    <div id="timeline" tabindex="0" role="listbox" aria-label="Timeline entries"></div>
    <div id="scrub"><button id="play" type="button" aria-label="Play" title="Play through the shown entries">▶</button>\
    <input id="scrubber" type="range" min="0" max="0" value="0" aria-label="Step through the timeline"></div>
    </section>
    """

  /// One checkbox per node kind, with its colours as a swatch.
  private static func kindFilters() -> String {
    SnapshotNodeKind.allCases.map { kind in
      "<label><input type=\"checkbox\" data-kind=\"\(kind.rawValue)\" checked><span class=\"swatch \(kind.rawValue)\"></span>\(kind.rawValue)s</label>"
    }.joined()
  }

  /// The selection's depths, `1` chosen past the overview threshold (on a large graph nearly
  /// everything is somewhere up- or downstream), else `all`.
  private static func depthChoices(for snapshot: Snapshot) -> String {
    let chosen = snapshot.nodes.count > RenderOptions().overviewThreshold ? "1" : "all"
    return ["1", "2", "3", "all"].map { depth in
      "<option value=\"\(depth)\"\(depth == chosen ? " selected" : "")>\(depth)</option>"
    }.joined()
  }

  /// The time the hottest colour stands for.
  private static func hottest(in snapshot: Snapshot) -> String {
    DurationText.format(nanos: Palette.hottestNanos(in: snapshot))
  }

  private static func summary(of snapshot: Snapshot, isDifference: Bool) -> String {
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    var parts = [
      count(snapshot.nodes.count, "node"), count(snapshot.edges.count, "edge"), count(snapshot.actions.count, "action"),
    ]
    if isDifference { parts.insert("difference", at: 0) }
    if let captured = snapshot.capturedAt { parts.append("captured \(captured.formatted(.iso8601))") }
    return parts.joined(separator: " · ")
  }

  /// Text content for HTML: markup characters as entities, controls as visible stand-ins.
  static func text(_ string: String) -> String {
    MarkupEscaping.escape(string) { scalar in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "\u{FFFD}" : nil
    }
  }

  /// A fresh nonce per page: only the page's own `<style>` and `<script>` carry it.
  static func makeNonce() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return Data(bytes).base64EncodedString()
  }
}
