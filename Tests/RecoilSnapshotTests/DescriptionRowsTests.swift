import Foundation
import Testing

@testable import RecoilSnapshot

/// The live session's reader of descriptions reads them as the page's does: both are held to
/// the cases of `Tests/ReportScriptTests/description-cases.json`.
@Suite struct DescriptionRowsTests {
  struct Case: Decodable {
    struct Row: Decodable, Equatable {
      var path: String
      var type: String?
      var value: String?
    }
    var text: String
    var path: String
    var rows: [Row]?
  }

  static func cases() throws -> [Case] {
    struct File: Decodable { var cases: [Case] }
    let url = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "../ReportScriptTests/description-cases.json").standardized
    return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases
  }

  @Test func eachSharedCaseReadsAsThePageReadsIt() throws {
    let cases = try Self.cases()
    #expect(cases.count >= 15)
    for item in cases {
      let rows = DescriptionRows.rows(of: item.text, at: item.path)?.map {
        Case.Row(path: $0.path, type: $0.type, value: $0.value)
      }
      #expect(rows == item.rows, "\(item.text)")
    }
  }
}
