/// The page's scripts and style sheets, as written in `Report/Web/`: embedded in the code when
/// the package is built (`resources: [.embedInCode("Report/Web")]` in Package.swift), so an
/// edit to those files is in the next build, and the command line stays one binary.
///
/// Each page's script is its modules, one file per concept, in one script element: each file
/// defines one class (`class Search { … }`), and the last one (`report-page.js`,
/// `live-page.js`) makes the page of them. They are listed here in that order: a class is
/// defined before the page is made. The script is strict throughout (its first line says so).
enum ReportAssets {
  /// The report page's modules (`Web/report/`), in the order the page holds them.
  static let reportModules: [(file: String, bytes: [UInt8])] = [
    ("page-text.js", PackageResources.page_text_js), ("causality.js", PackageResources.causality_js),
    ("timeline-filter.js", PackageResources.timeline_filter_js),
    ("description-rows.js", PackageResources.description_rows_js), ("state-rows.js", PackageResources.state_rows_js),
    ("plan-pictures.js", PackageResources.plan_pictures_js), ("report-model.js", PackageResources.report_model_js),
    ("page-state.js", PackageResources.page_state_js), ("page-dom.js", PackageResources.page_dom_js),
    ("details-parts.js", PackageResources.details_parts_js), ("graph-drawing.js", PackageResources.graph_drawing_js),
    ("pan-and-pinch.js", PackageResources.pan_and_pinch_js), ("graph-view.js", PackageResources.graph_view_js),
    ("minimap.js", PackageResources.minimap_js), ("graph-marks.js", PackageResources.graph_marks_js),
    ("graph-labels.js", PackageResources.graph_labels_js), ("search.js", PackageResources.search_js),
    ("overview-groups.js", PackageResources.overview_groups_js),
    ("picture-drawing.js", PackageResources.picture_drawing_js), ("family-names.js", PackageResources.family_names_js),
    ("neighbourhoods.js", PackageResources.neighbourhoods_js), ("focus.js", PackageResources.focus_js),
    ("timeline.js", PackageResources.timeline_js), ("rewind.js", PackageResources.rewind_js),
    ("state-tree.js", PackageResources.state_tree_js), ("node-details.js", PackageResources.node_details_js),
    ("entry-details.js", PackageResources.entry_details_js), ("details.js", PackageResources.details_js),
    ("keyboard.js", PackageResources.keyboard_js), ("page-address.js", PackageResources.page_address_js),
    ("report-host.js", PackageResources.report_host_js), ("report-page.js", PackageResources.report_page_js),
  ]
  /// The live page's modules (`Web/live/`), in the order the page holds them.
  static let liveModules: [(file: String, bytes: [UInt8])] = [
    ("live-control.js", PackageResources.live_control_js), ("control-form.js", PackageResources.control_form_js),
    ("live-sessions.js", PackageResources.live_sessions_js), ("live-schedule.js", PackageResources.live_schedule_js),
    ("live-page.js", PackageResources.live_page_js),
  ]
  /// The report's script: its modules, one after the other.
  static let script = "'use strict';\n" + reportModules.map { text($0.bytes) }.joined()
  /// The report's style sheet (`Web/report.css`), after the palette's colours.
  static let style = text(PackageResources.report_css)
  /// The live page's script.
  static let liveScript = "'use strict';\n" + liveModules.map { text($0.bytes) }.joined()
  /// The live page's style sheet (`Web/live.css`).
  static let liveStyle = text(PackageResources.live_css)

  /// A file's bytes as the text they are (UTF-8).
  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
