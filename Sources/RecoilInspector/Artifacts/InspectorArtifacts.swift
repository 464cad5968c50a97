import Foundation
import RecoilAtoms
import RecoilStores

/// Writes snapshots from tests into an artifacts folder, so CI can render and keep them.
///
/// Nothing is written unless the environment variable `RECOIL_INSPECT_ARTIFACTS` names a
/// folder (created if needed). Works from Swift Testing and XCTest alike.
///
/// ```swift
/// @Test func checkout() throws {
///   let container = AtomContainer()
///   // … exercise the app …
///   try InspectorArtifacts.write(container, name: "checkout")  // $RECOIL_INSPECT_ARTIFACTS/checkout.snapshot.json
/// }
/// ```
public enum InspectorArtifacts {
  /// The environment variable naming the artifacts folder.
  public static let environmentVariable = "RECOIL_INSPECT_ARTIFACTS"

  /// Writes a snapshot of a container, if artifacts are enabled.
  ///
  /// - Parameters:
  ///   - container: The container.
  ///   - name: The file's base name.
  ///   - configuration: The inspector's configuration, such as its ``Redaction``.
  ///   - environment: Where to look for the variable (the process environment by default).
  /// - Returns: The file written, or `nil` when artifacts are disabled.
  /// - Throws: `AtomicFile.WriteError` (RecoilSnapshot) or a file-system error creating the folder.
  @discardableResult
  public static func write(
    _ container: AtomContainer, name: String, configuration: InspectorConfiguration = InspectorConfiguration(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL? {
    let inspector = Inspector(configuration: configuration)
    inspector.attach(container)
    return try write(inspector, name: name, environment: environment)
  }

  /// Writes a snapshot of a store (its state, slices and selectors), if artifacts are enabled.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - name: The file's base name.
  ///   - configuration: The inspector's configuration, such as its ``Redaction``.
  ///   - environment: Where to look for the variable.
  /// - Returns: The file written, or `nil` when artifacts are disabled.
  /// - Throws: `AtomicFile.WriteError` (RecoilSnapshot) or a file-system error creating the folder.
  @discardableResult
  public static func write<State, Action>(
    _ store: Store<State, Action>, name: String, configuration: InspectorConfiguration = InspectorConfiguration(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL? {
    let inspector = Inspector(configuration: configuration)
    inspector.attach(store)
    return try write(inspector, name: name, environment: environment)
  }

  /// Writes an inspector's snapshot (with its recorded actions and timings), if enabled.
  ///
  /// - Parameters:
  ///   - inspector: The inspector.
  ///   - name: The file's base name.
  ///   - environment: Where to look for the variable.
  /// - Returns: The file written, or `nil` when artifacts are disabled.
  /// - Throws: `AtomicFile.WriteError` (RecoilSnapshot) or a file-system error creating the folder.
  @discardableResult
  public static func write(
    _ inspector: Inspector, name: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL? {
    guard let folder = environment[environmentVariable], !folder.isEmpty else { return nil }
    let directory = URL(filePath: folder, directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let safeName = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
    let url = directory.appending(path: "\(safeName).snapshot.json")
    try inspector.writeSnapshot(to: url)
    return url
  }
}
