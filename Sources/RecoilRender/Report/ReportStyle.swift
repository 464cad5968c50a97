/// The report's style sheet. Kind colours come from ``Palette``, so the swatches in the toolbar
/// match the graph.
///
/// Marks on the graph, by class on a node's or edge's group:
/// - `selected`, `upstream` (what it depends on, transitively) and `downstream` (what depends on
///   it); everything else is dimmed while something is selected;
/// - `match` for search matches, `written` for what the chosen timeline entry wrote;
/// - `filtered` for kinds hidden by the filter.
///
/// Written in `Web/report.css` (see ``ReportAssets``); the kinds' and the marks' colours are set
/// here, before it, from the palette the drawing's legend uses too.
enum ReportStyle {
  static let css = """
    :root {
      --atom-fill: \(Palette.atomFill); --atom-border: \(Palette.atomBorder);
      --selector-fill: \(Palette.selectorFill); --selector-border: \(Palette.selectorBorder);
      --store-fill: \(Palette.storeFill); --store-border: \(Palette.storeBorder);
      --slice-fill: \(Palette.sliceFill); --slice-border: \(Palette.sliceBorder);
      --heat-scale: linear-gradient(to right, \(Palette.heat.joined(separator: ", ")));
      --selected: \(Palette.selectedMark); --upstream: \(Palette.upstreamMark); --downstream: \(Palette.downstreamMark);
      --match: \(Palette.matchMark); --written: \(Palette.writtenMark);
    }

    """ + ReportAssets.style
}
