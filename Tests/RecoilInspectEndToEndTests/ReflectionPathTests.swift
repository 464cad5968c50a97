import Foundation
import RecoilSnapshot
import Testing

/// The demo run twice, describing its actions from their types' metadata and then, forced
/// by `RECOIL_INSPECT_REFLECTION=mirror`, by `Mirror` alone: the inspector says so once, and
/// every action gets the same name and payload both ways.
@Suite struct ReflectionPathTests {
  @Test func theMirrorPathDescribesTheDemosActionsAlike() throws {
    let folder = try ExecutableRunner.temporaryDirectory()
    let byMetadata = try ExecutableRunner.run(
      ["--out", folder.appending(path: "metadata").path], executable: "cart-demo")
    let byMirror = try ExecutableRunner.run(
      ["--out", folder.appending(path: "mirror").path], executable: "cart-demo",
      environment: ["RECOIL_INSPECT_REFLECTION": "mirror"])
    #expect(byMetadata.status == 0 && byMirror.status == 0, "\(byMetadata.stderr)\(byMirror.stderr)")
    #expect(!byMetadata.stderr.contains("RecoilInspector:"), "\(byMetadata.stderr)")
    let said = byMirror.stderr.components(separatedBy: "RecoilInspector: values are described by Mirror only").count - 1
    #expect(said == 1, "said \(said) times: \(byMirror.stderr)")
    func actions(_ name: String) throws -> [String] {
      let snapshot = try SnapshotCodec.decode(
        Data(contentsOf: folder.appending(path: "\(name)/cart.snapshot.json")))
      // Sorted: the demo's effects run concurrently, so actions may interleave differently.
      return snapshot.actions.map { "\($0.store) \($0.name) \($0.payload ?? "-")" }.sorted()
    }
    let described = try actions("metadata")
    #expect(described.count > 20)
    #expect(described == (try actions("mirror")))
  }
}
