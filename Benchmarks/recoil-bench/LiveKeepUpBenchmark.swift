import Foundation
import RecoilSnapshot
import Synchronization
import WebDriver

/// K1: `recoil-inspect live --serve` keeping up with an app. An app (a thread here) sends
/// `rate` events a second for `seconds` (writes of a few atoms, in timeline order) while two
/// browsers show the live page and a third client opens the event stream and never reads it.
/// Every 100 ms each browser says the latest entry its report shows; an event's latency is
/// from when it was sent until a browser first showed it.
///
/// Prints the latencies (median and slowest, per browser), how many reports were made, and
/// the server's peak memory (VmHWM). Goal (issue 30): at 10,000 events a second for a minute,
/// every event visible within 2 s, memory bounded by `--keep`.
enum LiveKeepUpBenchmark {
  static func run(rate: Int, seconds: Int) throws {
    let tool = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "recoil-inspect")
    let live = try LiveServeProcess(executable: tool)
    defer { live.stop() }
    let driver = try ChromeDriver.start()
    defer { driver.stop() }
    let browsers = try (0..<2).map { _ in try driver.openSession() }
    defer { browsers.forEach { $0.close() } }
    for browser in browsers {
      try browser.navigate(to: URL(string: live.pageURL)!)
      try browser.wait(until: "return document.documentElement.getAttribute('data-ready') === 'true'")
    }
    let stalled = try LiveServeProcess.Connection(port: live.httpPort)
    defer { stalled.close() }
    try stalled.send("GET /events?token=\(live.token) HTTP/1.1\r\nHost: 127.0.0.1:\(live.httpPort)\r\n\r\n")

    // The app: a hello, a few atoms, then writes at the rate, in batches every 10 ms.
    let app = try LiveServeProcess.Connection(port: live.appPort)
    defer { app.close() }
    var preamble = line(.hello(AppHello(app: "k1", processID: 1, instance: "k1", version: "1")), seq: nil)
    for atom in 0..<20 { preamble += line(.node(SnapshotNode(id: "Load.a\(atom)", kind: .atom, value: "0")), seq: nil) }
    try app.send(preamble)
    let total = rate * seconds
    let sentAt = SentTimes(count: total + 1)
    let sender = Thread {
      let start = ContinuousClock.now
      var seq = 1
      while seq <= total {
        let due = start.advanced(by: .milliseconds(seq * 1_000 / rate))
        if due > .now { Thread.sleep(forTimeInterval: 0.001); continue }
        var batch = ""
        let end = min(total, seq + rate / 100)
        let now = ContinuousClock.now
        while seq <= end {
          batch += line(
            .step(
              SnapshotEntry(seq: seq, kind: .write, node: "Load.a\(seq % 20)", before: "\(seq - 1)", after: "\(seq)")),
            seq: seq)
          sentAt.set(seq, now)
          seq += 1
        }
        try? app.send(batch)
      }
    }
    sender.start()

    var latencies: [[Double]] = [[], []]
    var shown = [0, 0]
    let deadline = ContinuousClock.now.advanced(by: .seconds(seconds + 10))
    while ContinuousClock.now < deadline && shown.min()! < total {
      Thread.sleep(forTimeInterval: 0.1)
      for (index, browser) in browsers.enumerated() {
        let value = try browser.execute("return Number(document.getElementById('frames').dataset.shownSeq || 0)")
        let seq = (value as? Int) ?? Int((value as? Double) ?? 0)
        let now = ContinuousClock.now
        if seq > shown[index] {
          // Every event between the last shown and this one became visible now.
          if let oldest = sentAt.get(shown[index] + 1) { latencies[index].append(inSeconds(oldest.duration(to: now))) }
          shown[index] = seq
        }
      }
    }
    let peak = peakMegabytes(of: live.process.processIdentifier)
    for (index, samples) in latencies.enumerated() {
      let sorted = samples.sorted()
      print(
        "K1 browser=\(index + 1) rate=\(rate) seconds=\(seconds) sent=\(total) shown=\(shown[index])"
          + " latency_median_s=\(format(sorted.isEmpty ? .nan : sorted[sorted.count / 2]))"
          + " latency_max_s=\(format(sorted.last ?? .nan)) server_peak_mb=\(peak)")
    }
  }

  private static func line(_ kind: InspectorEvent.Kind, seq: Int?) -> String {
    InspectorEventCodec.encode(InspectorEvent(atNanos: seq ?? 0, kind: kind, seq: seq)) + "\n"
  }

  private static func inSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

  private static func peakMegabytes(of pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return -1 }
    return kilobytes / 1024
  }

  /// When each event was sent, written by the sending thread and read by the measuring one.
  final class SentTimes: Sendable {
    private let times: Mutex<[ContinuousClock.Instant?]>
    init(count: Int) { times = Mutex(Array(repeating: nil, count: count)) }
    func set(_ seq: Int, _ time: ContinuousClock.Instant) { times.withLock { $0[seq] = time } }
    func get(_ seq: Int) -> ContinuousClock.Instant? { times.withLock { seq < $0.count ? $0[seq] : nil } }
  }
}
