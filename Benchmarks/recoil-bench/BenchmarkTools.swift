import Foundation

/// Finding and running the peer programs that serve as baselines (`dot`, `python3`).
enum BenchmarkTools {
  /// The full path of `program` on `PATH`, or `nil`.
  static func find(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(program)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs `executable` with `arguments` and returns its standard output.
  static func capture(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(filePath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs `executable` with its output thrown away, and fails if it does not exit 0.
  static func runQuietly(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(filePath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(
        .executableLoad, userInfo: [NSDebugDescriptionErrorKey: "\(executable) exited \(process.terminationStatus)"])
    }
  }

  /// The largest peak resident size of any child process waited for so far, in MiB.
  static func peakResidentMiBOfChildren() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
      return Double(usage.ru_maxrss) / 1024
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
      return Double(usage.ru_maxrss) / 1_048_576
    #endif
  }
}
