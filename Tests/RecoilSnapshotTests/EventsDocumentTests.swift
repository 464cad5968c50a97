import Foundation
import Testing

@testable import RecoilSnapshot

/// The example stream in `Docs/events-v1.md` is one the codec reads: each line decodes, and
/// encodes back to an event that decodes the same.
@Suite struct EventsDocumentTests {
  @Test func everyExampleLineDecodes() throws {
    let document = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Docs/events-v1.md")
    let text = try String(contentsOf: document, encoding: .utf8)
    let block = try #require(text.components(separatedBy: "```json\n").dropFirst().first)
    let lines = block.components(separatedBy: "\n```")[0].split(separator: "\n")
    #expect(lines.count >= 8)
    for (number, line) in lines.enumerated() {
      let event = try InspectorEventCodec.decode(line: String(line), lineNumber: number + 1)
      #expect(try InspectorEventCodec.decode(line: InspectorEventCodec.encode(event)) == event, "line \(number + 1)")
    }
    // An atom effect's phase reads as a timeline entry of kind effect.
    let effects = try lines.map { try InspectorEventCodec.decode(line: String($0)) }.compactMap { event in
      if case .step(let step) = event.kind, step.kind == .effect { step } else { nil }
    }
    #expect(effects.count == 1 && effects.first?.phase == "started" && effects.first?.atNanos == 91_310)
    // The control entry and the answer read as what they are.
    let events = try lines.map { try InspectorEventCodec.decode(line: String($0)) }
    #expect(
      events.contains {
        if case .step(let step) = $0.kind { step.kind == .control && step.name == "set" } else { false }
      })
    #expect(
      events.contains {
        $0.kind == .answer(ControlAnswer(id: 3, ok: true, message: #"set Pricing.currency = "CHF""#, seq: 5120))
      })
  }

  /// The control requests the document shows are ones the app reads.
  @Test func everyExampleControlRequestParses() throws {
    let document = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Docs/events-v1.md")
    let text = try String(contentsOf: document, encoding: .utf8)
    let block = try #require(text.components(separatedBy: "```json\n").dropFirst(2).first)
    let lines = block.components(separatedBy: "\n```")[0].split(separator: "\n")
    let requests = try lines.map { try ControlRequest(parsing: Data($0.utf8)) }
    #expect(requests.map(\.operation) == [.set, .dispatch, .jump, .stub, .actions])
    #expect(requests[4].store == "cart")
    #expect(requests[0].json == #""CHF""# && requests[0].by == "live page" && requests[2].seq == 812)
    #expect(requests[3].loading && requests[1].json == #"{"settings":{"_0":{"setCurrency":{"_0":"GBP"}}}}"#)
  }
}
