import Foundation
import GraphShapes
import RecoilRender
import RecoilSnapshot

/// M1: resident memory growth over many renders in one process (after a warm-up), to show that
/// the renderer releases what Graphviz allocates. Runs in its own process so nothing else
/// allocates meanwhile; the end-to-end tests run it and check the bound.
enum MemoryBenchmark {
  static func run(renders: Int) throws {
    var snapshot = LayeredDAG(count: 60).snapshot
    for index in snapshot.nodes.indices {
      snapshot.nodes[index].valueType = "Int"
      snapshot.nodes[index].value = String(index)
    }
    let options = RenderOptions(format: .svg)
    for _ in 0..<20 { _ = try Renderer.render(snapshot, options: options) }
    let before = currentResidentBytes()
    for _ in 0..<renders { _ = try Renderer.render(snapshot, options: options) }
    let growth = max(currentResidentBytes() - before, 0)
    print(
      "M1 renders=\(renders) nodes=\(snapshot.nodes.count) rss_growth_kb=\(growth / 1024) per_render_bytes=\(growth / renders)"
    )
  }

  /// The current resident set size (not the peak).
  static func currentResidentBytes() -> Int {
    #if os(Linux)
      guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
      else { return 0 }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      var info = mach_task_basic_info()
      var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
      let result = withUnsafeMutablePointer(to: &info) {
        $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
          task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
        }
      }
      return result == KERN_SUCCESS ? Int(info.resident_size) : 0
    #endif
  }
}
