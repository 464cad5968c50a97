import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilRender
import RecoilSnapshot
import RecoilStores

extension InspectorArtifacts {
  /// Writes an inspector's snapshot and, with `report`, its interactive HTML report beside it
  /// (`checkout.snapshot.json` and `checkout.snapshot.html`), if artifacts are enabled: a CI
  /// artifact that opens in a browser.
  ///
  /// The report is made from the snapshot file just written, so it shows exactly what the
  /// artifact holds, redactions included. This module links Graphviz: use it from test targets.
  ///
  /// ```swift
  /// @Test func checkout() throws {
  ///   let inspector = Inspector()
  ///   inspector.attach(store)
  ///   // … exercise the app …
  ///   try InspectorArtifacts.write(inspector, name: "checkout", report: true)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - inspector: The inspector.
  ///   - name: The files' base name.
  ///   - report: Whether to write the HTML report beside the snapshot.
  ///   - environment: Where to look for `RECOIL_INSPECT_ARTIFACTS`.
  /// - Returns: The snapshot file written, or `nil` when artifacts are disabled.
  /// - Throws: `AtomicFile.WriteError`, a decoding or rendering error, or a file-system error.
  @discardableResult
  public static func write(
    _ inspector: Inspector, name: String, report: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL? {
    try withReport(report, write(inspector, name: name, environment: environment))
  }

  /// Writes a container's snapshot and, with `report`, its HTML report beside it, if artifacts
  /// are enabled.
  ///
  /// ```swift
  /// try InspectorArtifacts.write(container, name: "cart", report: true)
  /// ```
  ///
  /// - Parameters:
  ///   - container: The container.
  ///   - name: The files' base name.
  ///   - report: Whether to write the HTML report beside the snapshot.
  ///   - configuration: The inspector's configuration, such as its redaction.
  ///   - environment: Where to look for `RECOIL_INSPECT_ARTIFACTS`.
  /// - Returns: The snapshot file written, or `nil` when artifacts are disabled.
  /// - Throws: `AtomicFile.WriteError`, a decoding or rendering error, or a file-system error.
  @discardableResult
  public static func write(
    _ container: AtomContainer, name: String, report: Bool,
    configuration: InspectorConfiguration = InspectorConfiguration(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL? {
    try withReport(report, write(container, name: name, configuration: configuration, environment: environment))
  }

  /// Writes a store's snapshot and, with `report`, its HTML report beside it, if artifacts are
  /// enabled.
  ///
  /// ```swift
  /// try InspectorArtifacts.write(store, name: "settings", report: true)
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - name: The files' base name.
  ///   - report: Whether to write the HTML report beside the snapshot.
  ///   - configuration: The inspector's configuration, such as its redaction.
  ///   - environment: Where to look for `RECOIL_INSPECT_ARTIFACTS`.
  /// - Returns: The snapshot file written, or `nil` when artifacts are disabled.
  /// - Throws: `AtomicFile.WriteError`, a decoding or rendering error, or a file-system error.
  @discardableResult
  public static func write<State, Action>(
    _ store: Store<State, Action>, name: String, report: Bool,
    configuration: InspectorConfiguration = InspectorConfiguration(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL? {
    try withReport(report, write(store, name: name, configuration: configuration, environment: environment))
  }

  /// `snapshotFile`, after writing the report beside it when asked: each overload above is
  /// the one of `InspectorArtifacts.swift` with this step added.
  private static func withReport(_ report: Bool, _ snapshotFile: URL?) throws -> URL? {
    if report, let snapshotFile { try writeReport(besides: snapshotFile) }
    return snapshotFile
  }

  private static func writeReport(besides snapshotFile: URL) throws {
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: snapshotFile))
    var options = RenderOptions(format: .html)
    options.title = snapshotFile.lastPathComponent
    let page = try Renderer.render(snapshot, options: options)
    try AtomicFile.write(Data(page), to: snapshotFile.deletingPathExtension().appendingPathExtension("html"))
  }
}
