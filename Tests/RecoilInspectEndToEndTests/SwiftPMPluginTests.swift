import Foundation
import RecoilSnapshot
import Testing

/// The package's SwiftPM command plugin, as an app's package uses it: a small package that
/// depends on this one by path runs `swift package recoil-inspect <command>` and
/// `swift package --allow-writing-to-package-directory recoil-inspect artifacts`.
@Suite struct SwiftPMPluginTests {
  /// A clean snapshot (no error, no cycle): the check passes.
  static func snapshot(_ name: String) -> Snapshot {
    Snapshot(
      nodes: [
        SnapshotNode(id: "\(name).items", kind: .atom), SnapshotNode(id: "\(name).total", kind: .selector),
      ],
      edges: [SnapshotEdge(from: "\(name).items", to: "\(name).total")])
  }

  /// An app's package depending on this one, with two snapshots its tests would have left.
  static func appPackage() throws -> URL {
    let folder = try ExecutableRunner.temporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.appending(path: "Sources/App"), withIntermediateDirectories: true)
    let manifest = """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "App",
        dependencies: [.package(path: \(String(reflecting: ExecutableRunner.repositoryRoot.path)))],
        targets: [.target(name: "App")]
      )

      """
    try manifest.write(to: folder.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
    try "public let answer = 42\n".write(
      to: folder.appending(path: "Sources/App/App.swift"), atomically: true, encoding: .utf8)
    return folder
  }

  static func swiftPackage(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws
    -> ExecutableRunner.Outcome
  {
    // The test's own build folder stays as it is; the app builds the tool in its own.
    try ExecutableRunner.run(
      ["swift", "package"] + arguments, executable: "/usr/bin/env", environment: environment,
      currentDirectory: folder)
  }

  @Test func anAppsPackageRunsTheToolAndItsArtifactsStep() throws {
    let app = try Self.appPackage()
    defer { try? FileManager.default.removeItem(at: app) }
    let snapshot = app.appending(path: "cart.snapshot.json")
    try SnapshotCodec.encode(Self.snapshot("Cart")).write(to: snapshot)

    // Any command, in the package's folder.
    let render = try Self.swiftPackage(
      ["--allow-writing-to-package-directory", "recoil-inspect", "render", "cart.snapshot.json", "-o", "cart.svg"],
      in: app)
    #expect(render.status == 0, "\(render.stderr)")
    let svg = try String(contentsOf: app.appending(path: "cart.svg"), encoding: .utf8)
    #expect(svg.contains("<svg") && svg.contains("Cart.total"))

    // `artifacts` without a folder: the one the tests write to by default.
    let artifacts = app.appending(path: ".build/recoil-inspect-artifacts")
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    try SnapshotCodec.encode(Self.snapshot("Cart")).write(to: artifacts.appending(path: "cart.snapshot.json"))
    try SnapshotCodec.encode(Self.snapshot("Menu")).write(to: artifacts.appending(path: "menu.snapshot.json"))
    let outcome = try Self.swiftPackage(
      ["--allow-writing-to-package-directory", "recoil-inspect", "artifacts"], in: app,
      environment: ["RECOIL_INSPECT_ARTIFACTS": "", "GITHUB_STEP_SUMMARY": ""])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let written = try FileManager.default.contentsOfDirectory(atPath: artifacts.path).sorted()
    #expect(
      written == [
        "cart.snapshot.html", "cart.snapshot.json", "cart.snapshot.svg", "check.junit.xml", "check.md",
        "menu.snapshot.html", "menu.snapshot.json", "menu.snapshot.svg",
      ])
    let junit = try String(contentsOf: artifacts.appending(path: "check.junit.xml"), encoding: .utf8)
    #expect(junit.contains("menu.snapshot.json"))

    // The folder the environment names, a base to diff against, and the summary.
    let base = app.appending(path: "base")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    var older = Self.snapshot("Cart")
    older.nodes.removeLast()
    older.edges = []
    try SnapshotCodec.encode(older).write(to: base.appending(path: "cart.snapshot.json"))
    let summary = app.appending(path: "summary.md")
    let diffed = try Self.swiftPackage(
      [
        "--allow-writing-to-package-directory", "recoil-inspect", "artifacts", "--base", base.path, "--summary",
        summary.path,
      ], in: app, environment: ["RECOIL_INSPECT_ARTIFACTS": artifacts.path])
    #expect(diffed.status == 0, "\(diffed.stderr)")
    #expect(FileManager.default.fileExists(atPath: artifacts.appending(path: "cart.diff.json").path))
    #expect(FileManager.default.fileExists(atPath: artifacts.appending(path: "cart.diff.html").path))
    let text = try String(contentsOf: summary, encoding: .utf8)
    #expect(text.contains("| `cart.snapshot.json` | 1 node(s) added"))
    #expect(text.contains("| `menu.snapshot.json` | new in this branch |"))
  }
}
