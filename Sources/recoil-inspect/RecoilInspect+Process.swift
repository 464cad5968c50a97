import Foundation

/// The process's entry point, apart from ``RecoilInspect`` itself so that the commands' fuzz
/// target (`Scripts/fuzz commands`) compiles every command without a second `main`.
@main
extension RecoilInspect {
  static func main() {
    let streams = StandardStreams.process()
    let status = run(Array(CommandLine.arguments.dropFirst()), streams: streams)
    streams.flush()
    exit(status)
  }
}
