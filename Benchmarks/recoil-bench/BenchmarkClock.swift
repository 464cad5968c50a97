import Foundation

/// Monotonic time and process memory for the benchmark.
enum BenchmarkClock {
  static func nanos() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
  }

  /// Times `body` `repetitions` times and returns the median duration in nanoseconds.
  static func median(repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
    var samples: [UInt64] = []
    for _ in 0..<repetitions {
      let start = nanos()
      try body()
      samples.append(nanos() - start)
    }
    samples.sort()
    return Double(samples[samples.count / 2])
  }

  /// The peak resident set size of this process so far, in MiB; with `children`, the largest
  /// any finished child process reached.
  static func peakResidentMiB(children: Bool = false) -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
      return Double(usage.ru_maxrss) / 1024  // KiB on Linux
    #else
      getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
      return Double(usage.ru_maxrss) / 1_048_576  // bytes on Darwin
    #endif
  }
}
