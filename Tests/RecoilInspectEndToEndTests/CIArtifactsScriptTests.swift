import Foundation
import RecoilSnapshot
import Testing

/// `Scripts/ci-artifacts` runs the steps of `Docs/ci/github-actions.yml` (render, check, diff
/// against the base branch, summarise); the workflow cannot run here, the script can.
@Suite struct CIArtifactsScriptTests {
  private func run(_ arguments: [String]) throws -> ExecutableRunner.Outcome {
    let process = Process()
    process.executableURL = URL(filePath: "/bin/bash")
    process.arguments = [ExecutableRunner.repositoryRoot.appending(path: "Scripts/ci-artifacts").path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["RECOIL_INSPECT"] = ExecutableRunner.productsDirectory.appending(path: "recoil-inspect").path
    environment["GITHUB_STEP_SUMMARY"] = nil
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let errorText = error.fileHandleForReading.readDataToEndOfFile()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ExecutableRunner.Outcome(
      status: process.terminationStatus, stdout: outputData, stderr: String(decoding: errorText, as: UTF8.self))
  }

  @Test func theWorkflowStepsRenderCheckDiffAndSummarise() throws {
    let root = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let artifacts = root.appending(path: "artifacts")
    let base = root.appending(path: "base")
    for folder in [artifacts, base] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let demo = URL(filePath: ExecutableRunner.fixture("cart-demo/cart.snapshot.json"))
    try FileManager.default.copyItem(at: demo, to: artifacts.appending(path: "cart.snapshot.json"))
    // The base branch had one node fewer.
    var older = try SnapshotCodec.decode(Data(contentsOf: demo))
    older.edges.removeAll { $0.from == "Pricing.currency" || $0.to == "Pricing.currency" }
    older.nodes.removeAll { $0.id == "Pricing.currency" }
    try SnapshotCodec.encode(older).write(to: base.appending(path: "cart.snapshot.json"))
    let summary = root.appending(path: "summary.md")

    let outcome = try run([
      "--artifacts", artifacts.path, "--base", base.path, "--budget",
      ExecutableRunner.repositoryRoot.appending(path: "Docs/ci/budget.json").path, "--summary", summary.path,
    ])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    for file in [
      "cart.snapshot.svg", "cart.snapshot.html", "check.junit.xml", "check.md", "cart.diff.json", "cart.diff.svg",
      "cart.diff.html",
    ] {
      #expect(FileManager.default.fileExists(atPath: artifacts.appending(path: file).path), "no \(file)")
    }
    let text = try String(contentsOf: summary, encoding: .utf8)
    #expect(text.contains("## recoil-inspect check"))
    #expect(text.contains("| `cart.snapshot.json` | 1 node(s) added, 0 removed"))
    let diff = try JSONSerialization.jsonObject(with: Data(contentsOf: artifacts.appending(path: "cart.diff.json")))
    #expect(((diff as? [String: Any])?["nodes"] as? [String: Any])?["added"] as? [Any] != nil)
  }

  @Test func aBrokenBudgetFailsTheRunAfterWritingEveryReport() throws {
    let artifacts = try ExecutableRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: artifacts) }
    try FileManager.default.copyItem(
      at: URL(filePath: ExecutableRunner.fixture("cart-demo/cart.snapshot.json")),
      to: artifacts.appending(path: "cart.snapshot.json"))
    let budget = artifacts.appending(path: "tight.json")
    try Data(#"{"nodes": {"max": 3}}"#.utf8).write(to: budget)
    let outcome = try run(["--artifacts", artifacts.path, "--budget", budget.path])
    #expect(outcome.status == 1)
    #expect(FileManager.default.fileExists(atPath: artifacts.appending(path: "check.junit.xml").path))
    #expect(try run([]).status == 64)
  }
}
