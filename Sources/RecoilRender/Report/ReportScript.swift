/// The report's script: pan and zoom, search, selection with what is up- and downstream, the
/// details panel, the virtualized timeline with stepping, focus, overview groups, heat and the
/// kind filter, drawn from one state (`Web/report/page-state.js`).
///
/// It reads the data ``ReportData`` embeds, finds node `i` as the SVG group `#n<i>` and edge `k`
/// as `#e<k>`, and writes app text only through `textContent` and attribute setters, never as
/// markup. When it is ready it sets `data-ready="true"` on the root element, for scripts and
/// tests to wait on.
///
/// Written as modules in `Web/report/` (each with `node --test` tests in
/// `Tests/ReportScriptTests`), embedded in order (see ``ReportAssets``).
enum ReportScript {
  static let source = ReportAssets.script
}
