import Foundation
import Testing

/// A peer that sends a line without an end cannot make `live` keep it, scan it again as it
/// grows, or lose the events that follow it.
@Suite struct LiveLineBoundTests {
  private let event = #"{"type":"dropped","at":1,"count":7}"#

  @Test func anOverlongLineIsSkippedWithOneWarningAndLaterEventsArrive() throws {
    let long = String(repeating: "x", count: 5_000)
    let input = Data("\(event)\n\(long)\n\(event)\n".utf8)
    let outcome = try ExecutableRunner.run(["live", "--raw", "--max-line-bytes", "1000", "-"], stdin: input)
    #expect(outcome.status == 0)
    #expect(outcome.stdoutText == "\(event)\n\(event)\n")
    #expect(
      outcome.stderr
        == "recoil-inspect: warning: -:2: skipped a line of 5000 bytes, longer than --max-line-bytes 1000\n")
  }

  @Test func aBadLimitIsAUsageError() throws {
    let outcome = try ExecutableRunner.run(["live", "--max-line-bytes", "0", "-"], stdin: Data())
    #expect(outcome.status == 64)
  }

  #if os(Linux)
    @Test func sixtyFourMegabytesWithoutANewlineKeepMemoryBounded() throws {
      let process = Process()
      process.executableURL = ExecutableRunner.productsDirectory.appending(path: "recoil-inspect")
      process.arguments = ["live", "--raw", "--max-line-bytes", "1048576", "-"]
      let input = Pipe()
      let output = Pipe()
      let error = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = error
      try process.run()
      defer { if process.isRunning { process.terminate() } }
      let chunk = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
      for _ in 0..<64 { input.fileHandleForWriting.write(chunk) }
      input.fileHandleForWriting.write(Data("\n\(event)\n".utf8))
      // The event arrives while the input is still open: output is flushed as input pauses.
      var received = Data()
      while !String(decoding: received, as: UTF8.self).contains("\n") {
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { break }
        received.append(more)
      }
      #expect(String(decoding: received, as: UTF8.self) == "\(event)\n")
      let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
      let peakLine = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
      let peakKiB = Int(peakLine.split(separator: " ").dropFirst().first ?? "") ?? Int.max
      #expect(peakKiB < 48 * 1024, "peak resident size \(peakKiB) KiB")
      try input.fileHandleForWriting.close()
      process.waitUntilExit()
      let warnings = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(warnings.contains("-:1: skipped a line of 67108864 bytes"))
    }
  #endif
}
