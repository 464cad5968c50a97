import Foundation
import RecoilInspector
import RecoilSnapshot
import Testing

/// Streaming beyond loopback only with a listener's token, which travels over TCP only.
@Suite struct StreamTokenTests {
  @Test func anotherMachineNeedsATokenAndANumericAddress() throws {
    let inspector = Inspector()
    #expect(throws: (any Error).self) { try inspector.startStreaming(to: .tcp(host: "192.0.2.7", port: 9)) }
    var configuration = InspectorConfiguration()
    configuration.streamToken = "t0ken"
    let allowed = Inspector(configuration: configuration)
    #expect(throws: (any Error).self) { try allowed.startStreaming(to: .tcp(host: "listener.example", port: 9)) }
    try allowed.startStreaming(to: .tcp(host: "192.0.2.7", port: 9))  // unreachable: retried, never blocks
    allowed.stopStreaming()
  }

  @Test func aFileNeverHoldsTheToken() throws {
    let url = FileManager.default.temporaryDirectory.appending(path: "token-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    var configuration = InspectorConfiguration()
    configuration.streamToken = "t0ken"
    let inspector = Inspector(configuration: configuration)
    try inspector.startStreaming(to: .file(path: url.path))
    inspector.stopStreaming()
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains("\"type\":\"hello\""))
    #expect(!text.contains("t0ken"))
  }
}
