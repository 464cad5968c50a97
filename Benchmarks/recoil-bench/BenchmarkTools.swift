import Foundation
import RecoilConcurrency

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

  /// Runs `executable` with its output thrown away, fails unless it exits 0, and returns its
  /// wall time in nanoseconds and its own peak resident size in MiB (from `wait4`).
  static func runMeasured(_ executable: String, _ arguments: [String]) throws -> (nanos: Double, peakMiB: Double) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = BenchmarkClock.nanos()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
      throw CocoaError(.executableLoad, userInfo: [NSDebugDescriptionErrorKey: "cannot start \(executable)"])
    }
    #if os(Linux)
      // On Linux a spawned child's ru_maxrss starts at the parent's high-water mark (exec
      // carries it over), so the child's own VmHWM is sampled from /proc while it runs.
      let sampling = LockedValue((peakKiB: 0, done: false))
      let child = pid
      let sampler = Thread {
        while !sampling.withLock({ $0.done }) {
          if let status = try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
          {
            sampling.withLock { $0.peakKiB = max($0.peakKiB, kib) }
          }
          usleep(10_000)
        }
      }
      sampler.start()
    #endif
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let elapsed = Double(BenchmarkClock.nanos() - start)
    guard status == 0 else {
      throw CocoaError(.executableLoad, userInfo: [NSDebugDescriptionErrorKey: "\(executable) failed (\(status))"])
    }
    #if os(Linux)
      let peakKiB = sampling.withLock { state in
        state.done = true
        return state.peakKiB
      }
      return (elapsed, Double(peakKiB) / 1024)
    #else
      return (elapsed, Double(usage.ru_maxrss) / 1_048_576)
    #endif
  }
}
