import Foundation
import Testing

/// Comments say why a choice was made; the measurements behind it live in
/// `Benchmarks/README.md`, where they can be measured again, rather than in comments that go
/// stale. A comment that quotes a measured time, size or instruction count fails here.
@Suite struct SourceCommentsTests {
  /// A measurement: a word of measuring, then a number with a unit of time, size or work. A
  /// threshold ("at least 2 µs", "2 µs or more") is a setting, not a measurement.
  private static let pattern =
    #"(?i)\b(about|takes?|took|costs?|measured|saves?|cut|spends?|leaks?)\b.*\d[\d,.]*\s?(ns|µs|ms|s|instructions|KB|MB|GB|%)(\s|[.,;:)]|$)"#

  @Test func noCommentQuotesAMeasurement() throws {
    let measurement = try Regex(Self.pattern)
    let sources = ExecutableRunner.repositoryRoot.appending(path: "Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var found: [String] = []
    for case let url as URL in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let comment = line.range(of: "//") else { continue }
        let text = line[comment.upperBound...]
        if text.contains(measurement), !text.contains("at least"), !text.contains("or more") {
          found.append("\(url.path.replacingOccurrences(of: sources.path + "/", with: "")):\(number + 1): \(line)")
        }
      }
    }
    #expect(found.isEmpty, "measurements belong in Benchmarks/README.md:\n\(found.joined(separator: "\n"))")
  }
}
