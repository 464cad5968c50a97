/// The report's script: pan and zoom, search, selection with what is up- and downstream, the
/// details panel, the virtualized timeline with stepping, the heat toggle and the kind filter.
///
/// It reads the data ``ReportData`` embeds, finds node `i` as the SVG group `#n<i>` and edge `k`
/// as `#e<k>`, and writes app text only through `textContent` and attribute setters, never as
/// markup. When it is ready it sets `data-ready="true"` on the root element, for scripts and
/// tests to wait on.
///
/// Written in `Web/report-core.js` (the pure parts, unit-tested by `node --test`) and
/// `Web/report.js`, embedded by `Scripts/embed-report-assets` (see ``ReportAssets``).
enum ReportScript {
  static let source = ReportAssets.coreScript + ReportAssets.script
}
