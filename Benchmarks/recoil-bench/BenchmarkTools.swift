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
}
