/// The layout workers' text format, both ways: blocks of lines of space-separated fields, each
/// block opened by its header line (`graph …` for a stand-in graph sent to a worker, `extent …`
/// for the places it sends back) and closed by `end`. ``StandInGraph`` and ``GraphPlaces``
/// each say what their lines hold; this reads the blocks.
///
/// ```swift
/// let sizes = WorkerLines.blocks(in: Array("list\nitem 3\nitem 4\nend\n".utf8)[...], header: "list") { _ in
///   [Int]()
/// } line: { sizes, keyword, fields in
///   guard keyword == "item", fields.count == 2, let size = Int(String(decoding: fields[1], as: UTF8.self)) else {
///     return false
///   }
///   sizes.append(size)
///   return true
/// }
/// // [[3, 4]]
/// ```
enum WorkerLines {
  /// A line's fields: its keyword first.
  typealias Fields = [ArraySlice<UInt8>]

  /// Every block in `text`, or `nil` when a line is not one of a block (`open` or `line` said
  /// no, or it stands outside a block) or the last block has no `end`.
  static func blocks<Block>(
    in text: ArraySlice<UInt8>, header: String, open: (Fields) -> Block?,
    line: (inout Block, String, Fields) -> Bool
  ) -> [Block]? {
    var blocks: [Block] = []
    var current: Block?
    for row in text.split(separator: UInt8(ascii: "\n")) {
      let fields = row.split(separator: UInt8(ascii: " "))
      let keyword = fields.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
      switch (keyword, current) {
      case (header, nil):
        guard let block = open(fields) else { return nil }
        current = block
      case ("end", .some(let block)):
        blocks.append(block)
        current = nil
      case (_, .some(var block)):
        // Taken out while it grows, so that it is not copied.
        current = nil
        guard line(&block, keyword, fields) else { return nil }
        current = block
      default:
        return nil
      }
    }
    return current == nil ? blocks : nil
  }
}
