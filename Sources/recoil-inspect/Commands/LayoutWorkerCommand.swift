import Foundation
import RecoilRender

/// `recoil-inspect __layout-worker`: the tool's own helper, not for people. `report` starts
/// several of it to lay out a large graph's neighbourhoods side by side (Graphviz lays out one
/// graph at a time in a process): each reads stand-in graphs on standard input and writes
/// where Graphviz put their nodes and edges on standard output (see `LayoutWorkers`). It is
/// left out of the help and the command list.
struct LayoutWorkerCommand: Command {
  static let name = "__layout-worker"
  static let summary = "Lay out the stand-in graphs on standard input (used by report)."
  static let operands = ""
  static let discussion = """
    Started by report to lay out a large graph's neighbourhoods in several processes at once.
    Reads stand-in graphs on standard input and writes their places on standard output.
    """
  static let options: [OptionSpec] = []
  static let readsSnapshots = false
  /// The most a worker is sent: far more than any share of a report.
  static let largestInput = 1 << 31

  /// The workers `render` and `report` share their layouts among: this program, when it runs
  /// as itself.
  static var workers: LayoutWorkers? {
    LayoutWorkers.ofThisProgram(named: "recoil-inspect", arguments: [name])
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {}

  func run(streams: StandardStreams) throws(CommandFailure) {
    let input: Data
    switch streams.readInput(Self.largestInput) {
    case .success(let data): input = data
    case .failure(let failure): throw .inputMissing(path: "-", reason: "\(failure)")
    }
    do {
      streams.outputBytes(Data(try LayoutWorkers.answer([UInt8](input))))
    } catch {
      throw .render(error)
    }
  }
}
