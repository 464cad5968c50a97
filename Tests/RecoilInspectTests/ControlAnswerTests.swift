import Testing

@testable import RecoilTransport
@testable import recoil_inspect

/// What `control` prints of an answer: the app's own (`{"ok", "message"}`), or what else came
/// back at that address, as one line, however much of it there was.
@Suite struct ControlAnswerTests {
  @Test func anAnswerThatIsNotTheAppsIsOneShortLine() {
    let huge = HTTPPost.Answer(status: 200, headers: [:], body: Array(repeating: UInt8(ascii: "x"), count: 1 << 20))
    let answer = ControlClient.read(huge)
    #expect(!answer.ok && answer.status == 200)
    #expect(answer.message == String(repeating: "x", count: 200) + "… (\((1 << 20) - 200) more characters)")
    let refused = HTTPPost.Answer(status: 403, headers: [:], body: Array("wrong token\n".utf8))
    #expect(ControlClient.read(refused) == ControlClient.Answer(ok: false, message: "wrong token", status: 403))
    let empty = HTTPPost.Answer(status: 502, headers: [:], body: [])
    #expect(ControlClient.read(empty).message == "HTTP 502")
    let app = HTTPPost.Answer(
      status: 200, headers: [:], body: Array(#"{"ok":true,"message":"resumed from #166"}"#.utf8))
    #expect(ControlClient.read(app) == ControlClient.Answer(ok: true, message: "resumed from #166", status: 200))
  }
}
