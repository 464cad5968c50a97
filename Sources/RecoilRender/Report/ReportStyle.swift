/// The report's style sheet. Kind colours come from ``Palette``, so the swatches in the toolbar
/// match the graph.
///
/// Marks on the graph, by class on a node's or edge's group:
/// - `selected`, `upstream` (what it depends on, transitively) and `downstream` (what depends on
///   it); everything else is dimmed while something is selected;
/// - `match` for search matches, `written` for what the chosen timeline entry wrote;
/// - `filtered` for kinds hidden by the filter.
enum ReportStyle {
  static let css = """
    :root {
      --atom-fill: \(Palette.atomFill); --atom-border: \(Palette.atomBorder);
      --selector-fill: \(Palette.selectorFill); --selector-border: \(Palette.selectorBorder);
      --store-fill: \(Palette.storeFill); --store-border: \(Palette.storeBorder);
      --slice-fill: \(Palette.sliceFill); --slice-border: \(Palette.sliceBorder);
      --selected: #1864ab; --upstream: #7048e8; --downstream: #0c8599; --match: #f08c00; --written: #d9480f;
      --line: #dee2e6; --muted: #868e96; --panel: #f8f9fa;
    }
    * { box-sizing: border-box; }
    html, body { height: 100%; margin: 0; }
    body {
      display: grid; grid-template-rows: auto minmax(0, 1fr) minmax(120px, 30vh); height: 100vh; overflow: hidden;
      font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #212529;
    }
    header { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; padding: 6px 10px;
      border-bottom: 1px solid var(--line); background: var(--panel); }
    h1 { font-size: 14px; margin: 0; max-width: 24em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    #search { width: 22em; padding: 3px 6px; font: inherit; }
    #search-count { color: var(--muted); min-width: 6em; }
    fieldset { border: 0; margin: 0; padding: 0; display: flex; gap: 10px; align-items: center; }
    legend { float: left; padding: 0 4px 0 0; color: var(--muted); }
    label { display: inline-flex; align-items: center; gap: 4px; cursor: pointer; white-space: nowrap; }
    .swatch { display: inline-block; width: 12px; height: 12px; border: 1.5px solid; border-radius: 3px; }
    .swatch.atom { background: var(--atom-fill); border-color: var(--atom-border); }
    .swatch.selector { background: var(--selector-fill); border-color: var(--selector-border); border-radius: 50%; }
    .swatch.store { background: var(--store-fill); border-color: var(--store-border); }
    .swatch.slice { background: var(--slice-fill); border-color: var(--slice-border); }
    #zoom button { font: inherit; min-width: 2.2em; padding: 1px 6px; }
    #summary { color: var(--muted); margin-left: auto; }
    main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(260px, 30%); min-height: 0; }
    #graph { position: relative; overflow: hidden; cursor: grab; background: #fff; touch-action: none; outline: none; }
    #graph.panning { cursor: grabbing; }
    #graph:focus-visible { box-shadow: inset 0 0 0 2px var(--selected); }
    #canvas { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
    #canvas svg { display: block; }
    #details { overflow: auto; border-left: 1px solid var(--line); padding: 8px 12px; background: #fff; }
    #details h2 { font-size: 15px; margin: 4px 0 8px; word-break: break-all; }
    #details h3 { font-size: 13px; margin: 12px 0 4px; color: #495057; }
    #details dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 10px; margin: 0; }
    #details dt { color: var(--muted); }
    #details dd { margin: 0; word-break: break-word; }
    #details pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace;
      background: var(--panel); padding: 4px 6px; border-radius: 4px; max-height: 16em; overflow: auto; }
    #details ul { margin: 0; padding-left: 18px; }
    #details a { color: var(--selected); cursor: pointer; word-break: break-all; }
    .change { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; word-break: break-word; }
    .change .before { color: #c92a2a; } .change .after { color: #2b8a3e; }
    .hint { color: var(--muted); }
    #timeline-panel { display: flex; flex-direction: column; min-height: 0; border-top: 1px solid var(--line); }
    #timeline-head { padding: 4px 10px; background: var(--panel); border-bottom: 1px solid var(--line); }
    #timeline { position: relative; overflow-y: auto; flex: 1; outline: none; }
    #timeline:focus-visible { box-shadow: inset 0 0 0 2px var(--selected); }
    .timeline-spacer { position: relative; }
    .entry { position: absolute; left: 0; right: 0; height: 24px; line-height: 24px; display: flex; gap: 12px;
      padding: 0 10px; white-space: nowrap; cursor: pointer; border-bottom: 1px solid #f1f3f5; }
    .entry:hover { background: #f1f3f5; }
    .entry.current { background: #d0ebff; }
    .entry span { overflow: hidden; text-overflow: ellipsis; }
    .entry .seq { width: 5em; flex: none; text-align: right; color: var(--muted); }
    .entry .store { flex: none; max-width: 10em; color: #2b8a3e; }
    .entry .name { flex: none; max-width: 24em; font-weight: 600; }
    .entry .payload { flex: 1; color: #495057; }
    .entry .duration { flex: none; color: var(--muted); }
    .empty { padding: 8px 10px; color: var(--muted); }
    g.node[data-node-id] { cursor: pointer; }
    .filtered { display: none; }
    #graph.has-selection g.node[data-node-id]:not(.selected):not(.upstream):not(.downstream):not(.written),
    #graph.has-selection g.edge:not(.upstream):not(.downstream) { opacity: 0.18; }
    g.node.match :is(ellipse, polygon, path) { stroke: var(--match); stroke-width: 3px; }
    g.node.written :is(ellipse, polygon, path) { stroke: var(--written); stroke-width: 3.5px; stroke-dasharray: 6 3; }
    g.node.upstream :is(ellipse, polygon, path) { stroke: var(--upstream); stroke-width: 2.5px; }
    g.node.downstream :is(ellipse, polygon, path) { stroke: var(--downstream); stroke-width: 2.5px; }
    g.node.selected :is(ellipse, polygon, path) { stroke: var(--selected); stroke-width: 4px; }
    g.edge.upstream path { stroke: var(--upstream); stroke-width: 2px; }
    g.edge.upstream polygon { stroke: var(--upstream); fill: var(--upstream); }
    g.edge.downstream path { stroke: var(--downstream); stroke-width: 2px; }
    g.edge.downstream polygon { stroke: var(--downstream); fill: var(--downstream); }
    """
}
