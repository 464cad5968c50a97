import Foundation
import RecoilConcurrency

/// Processes of this tool that lay out stand-in graphs side by side. Graphviz keeps global
/// state and is not thread-safe, so a report's thousands of small layouts (see
/// ``NeighbourhoodPlans``) are shared among `count` processes, one share each, sent as text
/// (``StandInGraph/text``) on its standard input and answered with their places
/// (``GraphPlaces/text``) on its standard output. The same code lays each out as in-process,
/// so the places are the same either way.
///
/// ```swift
/// let workers = LayoutWorkers(executable: URL(filePath: "/usr/local/bin/recoil-inspect"), arguments: ["__layout-worker"], count: 4)
/// let places = try workers.layOut(graphs) { print("Graphviz: \($0)") }  // one for each graph, in order
/// ```
package struct LayoutWorkers: Sendable, Equatable {
  /// The program to start, and its arguments: one that answers as ``answer(_:)`` does.
  package var executable: URL
  package var arguments: [String]
  /// How many processes share the work.
  package var count: Int

  /// The fewest layouts worth sharing out: below it, starting the processes costs more than
  /// they save.
  static let fewestLayouts = 1_000

  package init(executable: URL, arguments: [String], count: Int) {
    self.executable = executable
    self.arguments = arguments
    self.count = count
  }

  /// Workers running this process's own program with `arguments`, one for each processor (at
  /// most 8), when this process is the program `name` (a test runner calling the command line
  /// is not); `nil` on one processor.
  ///
  /// ```swift
  /// options.layoutWorkers = LayoutWorkers.ofThisProgram(named: "recoil-inspect", arguments: ["__layout-worker"])
  /// ```
  package static func ofThisProgram(named name: String, arguments: [String]) -> LayoutWorkers? {
    guard let program = Bundle.main.executableURL, program.lastPathComponent == name else { return nil }
    let count = min(ProcessInfo.processInfo.activeProcessorCount, 8)
    return count > 1 ? LayoutWorkers(executable: program, arguments: arguments, count: count) : nil
  }

  /// The places of `graphs`, in order, laid out by the workers; Graphviz's warnings go to
  /// `warning`.
  ///
  /// - Throws: ``RenderError/layoutWorker(_:)`` when a worker cannot be started, fails, or
  ///   answers what cannot be read.
  func layOut(_ graphs: [StandInGraph], warning: (String) -> Void) throws(RenderError) -> [GraphPlaces] {
    let shares = Self.shares(of: graphs, count: count)
    let answers = LockedValue<[Result<(places: [GraphPlaces], warnings: [String]), RenderError>?]>(
      Array(repeating: nil, count: shares.count))
    DispatchQueue.concurrentPerform(iterations: shares.count) { share in
      let answer = Result { () throws(RenderError) in try run(graphs[shares[share]]) }
      answers.withLock { $0[share] = answer }
    }
    var places: [GraphPlaces] = []
    places.reserveCapacity(graphs.count)
    for answer in answers.withLock({ $0 }) {
      guard let answer else { throw .layoutWorker("a layout worker did not answer") }
      let (laidOut, warnings) = try answer.get()
      warnings.forEach(warning)
      places += laidOut
    }
    return places
  }

  /// `graphs` cut into at most `count` runs of about equal numbers of nodes, in order.
  static func shares(of graphs: [StandInGraph], count: Int) -> [Range<Int>] {
    let total = graphs.reduce(0) { $0 + $1.nodes.count + 1 }
    let each = max(total / max(count, 1), 1)
    var shares: [Range<Int>] = []
    var start = 0
    var held = 0
    for (index, graph) in graphs.enumerated() {
      held += graph.nodes.count + 1
      if held >= each && shares.count < count - 1 {
        shares.append(start..<index + 1)
        start = index + 1
        held = 0
      }
    }
    if start < graphs.count { shares.append(start..<graphs.count) }
    return shares
  }

  /// One worker's share: started, sent its graphs, read to the end of its answer.
  private func run(_ graphs: ArraySlice<StandInGraph>) throws(RenderError) -> (
    places: [GraphPlaces], warnings: [String]
  ) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let (input, output, errors) = (Pipe(), Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw .layoutWorker("could not start a layout worker (\(executable.path)): \(error.localizedDescription)")
    }
    // The worker reads all it is sent before it answers, so sending first cannot block; it
    // writes to standard error only a one-line reason when it fails.
    var sent: [UInt8] = []
    for graph in graphs { graph.write(to: &sent) }
    try? input.fileHandleForWriting.write(contentsOf: sent)
    try? input.fileHandleForWriting.close()
    let answer = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    let reason = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let why = reason.trimmingCharacters(in: .whitespacesAndNewlines)
      let how = process.terminationReason == .exit ? "status" : "signal"
      throw .layoutWorker(
        "a layout worker failed (\(how) \(process.terminationStatus))\(why.isEmpty ? "" : ": \(why)")")
    }
    // Warnings come first, on lines of their own; the places follow.
    let marker = Array("warning ".utf8)
    var warnings: [String] = []
    var placesStart = answer.startIndex
    while answer[placesStart...].starts(with: marker) {
      let end = answer[placesStart...].firstIndex(of: UInt8(ascii: "\n")) ?? answer.endIndex
      warnings.append(String(decoding: answer[(placesStart + marker.count)..<end], as: UTF8.self))
      placesStart = min(end + 1, answer.endIndex)
    }
    guard let places = GraphPlaces.all(in: answer[placesStart...]), places.count == graphs.count else {
      throw .layoutWorker("a layout worker answered what cannot be read")
    }
    return (places, warnings)
  }

  /// What a worker answers to `input` (stand-in graphs, see ``StandInGraph/write(to:)``): any
  /// warnings Graphviz gave (`warning <text>` lines), then each graph's places, in order.
  ///
  /// ```swift
  /// var sent: [UInt8] = []
  /// graph.write(to: &sent)
  /// let answer = try LayoutWorkers.answer(sent)  // "extent 0.0 0.0 62.0 116.0\nnode n3 …\nend\n"
  /// ```
  ///
  /// - Throws: ``RenderError/layoutWorker(_:)`` when the input cannot be read, and
  ///   ``RenderError/graphviz(_:)`` when Graphviz fails.
  package static func answer(_ input: [UInt8]) throws(RenderError) -> [UInt8] {
    guard let graphs = StandInGraph.graphs(in: input[...]) else {
      throw .layoutWorker("a layout worker was sent what it cannot read")
    }
    var warnings: [String] = []
    var places: [UInt8] = []
    for graph in graphs { try graph.places { warnings.append($0) }.write(to: &places) }
    var answer: [UInt8] = []
    for text in warnings {
      answer += Array("warning ".utf8) + Array(text.split(whereSeparator: \.isNewline).joined(separator: " ").utf8)
      answer.append(UInt8(ascii: "\n"))
    }
    return answer + places
  }
}
