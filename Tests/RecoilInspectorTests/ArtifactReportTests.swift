import Foundation
import RecoilAtoms
import RecoilInspector
import RecoilInspectorReport
import RecoilSnapshot
import RecoilStores
import Testing

@Suite struct ArtifactReportTests {
  @Test func theReportIsWrittenBesideTheSnapshotFromWhatTheFileHolds() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "artifacts-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = [InspectorArtifacts.environmentVariable: folder.path]
    let store = Store(initialState: ShopState(), reducer: shopReducer, name: "shop")
    store.dispatch(.visit)

    var configuration = InspectorConfiguration()
    configuration.redaction.statePaths = ["profile"]
    let inspector = Inspector(configuration: configuration)
    inspector.attach(store)
    store.dispatch(.visit)
    let url = try #require(
      try InspectorArtifacts.write(inspector, name: "shop", report: true, environment: environment))
    let page = try String(contentsOf: folder.appending(path: "shop.snapshot.html"), encoding: .utf8)
    #expect(url.lastPathComponent == "shop.snapshot.json")
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<title>shop.snapshot.json · recoil-inspect</title>"))
    #expect(page.contains("data-node-id=\"shop\""))
    // What the snapshot redacted, the report does not show either.
    let snapshot = try SnapshotCodec.decode(Data(contentsOf: url))
    let change = try #require(snapshot.actions.first?.changes.first)
    #expect(change.path == "profile")  // redaction reports the redacted path, not what is below it
    #expect(change.after == Redaction.marker)
    #expect(page.contains(#""after":"‹redacted›""#))
    #expect(!page.contains(#""after":"2""#))

    // Without `report`, or with artifacts off, no page is written.
    try InspectorArtifacts.write(store, name: "plain", report: false, environment: environment)
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "plain.snapshot.html").path))
    #expect(try InspectorArtifacts.write(AtomContainer(), name: "off", report: true, environment: [:]) == nil)
  }
}
